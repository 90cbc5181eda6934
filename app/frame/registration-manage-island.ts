import { eventTimeZone, guestRegistrationPath } from "../../domain/event-texts.ts";
import type { GuestRegistration } from "../../domain/events.ts";

/**
 * A guest's registration page, /registration/{token} (ADR 026): which event, when, where and
 * how many seats, and "Cancel my registration" until the event starts, asked once. Plain DOM,
 * like the booking island whose classes it shares (app.css): the page stays a few KB.
 */

// The booking island's helpers, copied rather than shared, and nothing imported that the
// booking island's chunks hold (the form helpers, the message classes): a module that two
// islands share differently becomes a chunk of its own, one more request on /book.
const json = { "content-type": "application/json", accept: "application/json" };

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props))
    if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The answer's `message`, or the default, as app/components/response-message.ts reads it. */
async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  return typeof body.message === "string" && body.message.trim() ? body.message : fallback;
}

/**
 * The one live region: a success is a status, an error an alert, each announced once. Its
 * looks are the forms' own (domain/form-message.ts), which the page hands over on the region.
 */
function say(region: HTMLElement, kind: "success" | "error", text: string) {
  region.replaceChildren(
    el("p", { role: kind === "error" ? "alert" : "status", class: region.dataset[kind] }, text),
  );
}

// Said as the event's own page says it: in Savannah's time, "Eastern".
const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: eventTimeZone,
});
const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: eventTimeZone,
});
const when = ({ start, end }: { start: string; end: string }) =>
  `${dayFormat.format(new Date(start))}, ${timeFormat.format(new Date(start))} – ${timeFormat.format(new Date(end))} Eastern`;
const seatsText = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;

const eventsLink = () => el("a", { href: "/events", class: "booking-link" }, "See upcoming events");

export function hydrate(host: HTMLElement): void {
  // The fallback says to reply by e-mail: not once this page can cancel.
  host.querySelector(".booking-fallback")?.remove();
  host.dataset.hydrated = "true";
  void show(host);
}

async function show(host: HTMLElement) {
  const box = host.querySelector("[data-manage]") as HTMLElement;
  const status = host.querySelector("#registration-manage-status") as HTMLElement;
  const token = location.pathname.split("/").filter(Boolean)[1] ?? "";
  const api = guestRegistrationPath(token);
  let registration: GuestRegistration;
  try {
    const response = await fetch(api, { headers: json, cache: "no-store" });
    if (!response.ok) {
      box.replaceChildren(
        el(
          "p",
          { role: "alert", class: status.dataset.error },
          await messageOf(response, "We couldn't find that registration."),
        ),
        el("div", { class: "booking-actions" }, eventsLink()),
      );
      box.removeAttribute("aria-busy");
      return;
    }
    registration = (await response.json()) as GuestRegistration;
  } catch {
    box.replaceChildren();
    box.removeAttribute("aria-busy");
    say(
      status,
      "error",
      "We couldn't load your registration. Please check your connection and reload.",
    );
    return;
  }

  const { event } = registration;
  const eventPath = `/events/${encodeURIComponent(event.slug)}`;
  const heading = el(
    "h2",
    { tabindex: "-1", class: "booking-heading" },
    `You're registered, ${registration.firstName}.`,
  );
  const details = el(
    "dl",
    { class: "booking-facts" },
    ...(
      [
        ["Event", el("a", { href: eventPath }, event.title)],
        ["When", when(event)],
        ["Where", event.place],
        ["Seats", seatsText(registration.seats)],
      ] as const
    ).map(([term, value]) => el("div", {}, el("dt", {}, term), el("dd", {}, value))),
  );
  const panel = el("div", { class: "booking-panel" });
  box.replaceChildren(heading, details, panel);
  box.removeAttribute("aria-busy");

  if (!registration.cancelable) {
    panel.replaceChildren(
      el(
        "p",
        { class: "booking-note" },
        "This event has started, so your registration can't be canceled here any more.",
      ),
    );
    return;
  }

  const cancelButton = el(
    "button",
    { type: "button", class: "booking-action" },
    "Cancel my registration",
  );
  const offer = () => {
    panel.replaceChildren(
      el(
        "p",
        { class: "booking-note" },
        "Can't come after all? Cancel, and we'll give your seats to someone else.",
      ),
      el("div", { class: "booking-actions" }, cancelButton),
    );
  };
  offer();

  cancelButton.addEventListener("click", () => {
    const yes = el(
      "button",
      { type: "button", class: "booking-action booking-danger" },
      "Yes, cancel it",
    );
    const no = el("button", { type: "button", class: "booking-action" }, "Keep my seats");
    panel.replaceChildren(
      el(
        "div",
        { role: "group", "aria-labelledby": "registration-cancel-q", class: "booking-stack" },
        el(
          "p",
          { class: "booking-strong", id: "registration-cancel-q" },
          `Cancel your ${seatsText(registration.seats)} at ${event.title}?`,
        ),
        el("div", { class: "booking-actions" }, yes, no),
      ),
    );
    yes.focus();
    no.addEventListener("click", () => {
      offer();
      cancelButton.focus();
    });
    let sending = false;
    yes.addEventListener("click", async () => {
      if (sending) return;
      sending = true;
      yes.setAttribute("aria-disabled", "true");
      const response = await fetch(`${api}/cancel`, {
        method: "POST",
        headers: json,
        body: "{}",
      }).catch(() => null);
      sending = false;
      yes.removeAttribute("aria-disabled");
      if (!response)
        return say(
          status,
          "error",
          "Canceling failed. Please check your connection and try again!",
        );
      const text = await messageOf(response, "Canceling failed. Please try again!");
      if (!response.ok) return say(status, "error", text);
      heading.textContent = `Canceled, ${registration.firstName}.`;
      panel.replaceChildren(
        el(
          "div",
          { class: "booking-actions" },
          el("a", { href: eventPath, class: "booking-link" }, "Register again"),
          eventsLink(),
        ),
      );
      say(status, "success", text);
      heading.focus();
    });
  });
}
