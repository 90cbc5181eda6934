import type { ManagedBooking } from "../../domain/booking.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { messageOf } from "../components/response-message.ts";
import { bookHref, detectedZone, el, json, longTime, say } from "./booking-helpers.ts";
import { whereLine } from "./call-details.ts";
import { createPicker } from "./slot-picker.ts";

/** A manage answer's message and booking, read once (a body can only be read once). */
const answerOf = async (response: Response) =>
  (await response.json().catch(() => ({}))) as { message?: string; booking?: ManagedBooking };

/** /booking/{token}: the visitor's call, to move or cancel. */
export async function managePage(host: HTMLElement) {
  const box = host.querySelector("[data-manage]") as HTMLElement;
  const status = host.querySelector("#booking-status") as HTMLElement;
  const token = location.pathname.split("/").filter(Boolean)[1] ?? "";
  const api = `/api/booking/${encodeURIComponent(token)}`;
  let booking: ManagedBooking;
  try {
    const response = await fetch(api, { headers: json, cache: "no-store" });
    if (!response.ok) {
      box.replaceChildren(
        el(
          "p",
          { role: "alert", class: formMessageClass.error },
          await messageOf(response, "We couldn't find that booking."),
        ),
        el("a", { href: bookHref, class: "booking-link" }, "Book a free call"),
      );
      box.removeAttribute("aria-busy");
      return;
    }
    booking = (await response.json()) as ManagedBooking;
  } catch {
    say(status, "error", "We couldn't load your booking. Please check your connection and reload.");
    return;
  }
  const zone = booking.timeZone ?? detectedZone();
  const when = el("p", { class: "booking-when" });
  const where = el("p", { class: "booking-where" });
  const state = el("p", { class: "booking-note" });
  const heading = el("h2", { tabindex: "-1", class: "booking-heading" });
  const actions = el("div", { class: "booking-actions" });
  const moveButton = el("button", { type: "button", class: "booking-action" }, "Reschedule");
  const cancelButton = el("button", { type: "button", class: "booking-action" }, "Cancel the call");
  actions.append(moveButton, cancelButton);
  const panel = el("div", { class: "booking-panel" });
  box.replaceChildren(heading, when, where, state, actions, panel);
  box.removeAttribute("aria-busy");

  const show = () => {
    const cancelled = booking.status === "cancelled";
    heading.textContent = cancelled
      ? `Canceled, ${booking.firstName}.`
      : `See you then, ${booking.firstName}.`;
    when.textContent = longTime(booking.start, zone);
    when.classList.toggle("booking-struck", cancelled);
    // Where it happens, as it was booked; nothing for a canceled call or one booked unsaid.
    where.hidden = cancelled || !booking.location;
    where.replaceChildren(...(booking.location ? whereLine(booking.location, booking.phone) : []));
    state.textContent = cancelled
      ? "This call is canceled. Book a new time whenever it suits you."
      : `You can move or cancel it here until ${longTime(booking.changeableUntil, zone)}.`;
    actions.hidden = cancelled;
    if (cancelled)
      panel.replaceChildren(el("a", { href: bookHref, class: "booking-link" }, "Book a new time"));
  };
  show();

  cancelButton.addEventListener("click", () => {
    const yes = el(
      "button",
      { type: "button", class: "booking-action booking-danger" },
      "Yes, cancel it",
    );
    const no = el("button", { type: "button", class: "booking-action" }, "Keep the call");
    const question = el(
      "p",
      { class: "booking-strong", id: "booking-cancel-q" },
      "Cancel this call? We'll let the studio know.",
    );
    panel.replaceChildren(
      el(
        "div",
        { role: "group", "aria-labelledby": "booking-cancel-q", class: "booking-stack" },
        question,
        el("div", { class: "booking-actions" }, yes, no),
      ),
    );
    yes.focus();
    no.addEventListener("click", () => {
      panel.replaceChildren();
      cancelButton.focus();
    });
    yes.addEventListener("click", async () => {
      const response = await fetch(`${api}/cancel`, {
        method: "POST",
        headers: json,
        body: "{}",
      }).catch(() => null);
      if (!response)
        return say(
          status,
          "error",
          "Canceling failed. Please check your connection and try again!",
        );
      const body = await answerOf(response);
      const text = body.message ?? "Canceling failed. Please try again!";
      if (!response.ok || !body.booking) return say(status, "error", text);
      booking = body.booking;
      show();
      say(status, "success", text);
      heading.focus();
    });
  });

  moveButton.addEventListener("click", async () => {
    const zoneSelect = el("select", { id: "booking-zone", class: "booking-select" });
    const zoneName = el("strong");
    const list = el("div", { "data-picker": "", class: "booking-picker" });
    const confirm = el(
      "button",
      { type: "submit", class: "booking-action booking-primary" },
      "Move the call",
    );
    const form = el(
      "form",
      { class: "booking-stack", "aria-labelledby": "booking-move-title", novalidate: "" },
      el("h3", { id: "booking-move-title", class: "booking-subheading" }, "Pick a new time"),
      el("p", { class: "booking-note" }, "Times are shown in ", zoneName, "."),
      el(
        "div",
        {},
        el("label", { for: "booking-zone", class: "booking-label" }, "Time zone"),
        zoneSelect,
      ),
      list,
      el("div", {}, confirm),
    );
    panel.replaceChildren(form);
    const picker = createPicker(list, { zoneSelect, zoneName }, () => say(status, null));
    await picker.load();
    picker.focusChoice();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const slot = picker.chosen();
      if (!slot) {
        say(status, "error", "Pick a day and a time first.");
        return picker.focusChoice();
      }
      const response = await fetch(`${api}/reschedule`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ start: slot.start }),
      }).catch(() => null);
      if (!response)
        return say(status, "error", "Moving failed. Please check your connection and try again!");
      const body = await answerOf(response);
      const text = body.message ?? "Moving failed. Please try again!";
      if (!response.ok || !body.booking) {
        say(status, "error", text);
        if (response.status === 409) await picker.load();
        return picker.focusChoice();
      }
      booking = body.booking;
      panel.replaceChildren();
      show();
      say(status, "success", text);
      heading.focus();
    });
  });
}
