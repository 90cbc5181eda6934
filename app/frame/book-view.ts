import type { output } from "zod/mini";
import type { bookingConfirmation, prefillResponse } from "../../domain/booking.ts";
import { honeypotField } from "../../domain/contact-texts.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { createFormClock } from "../components/form-clock.ts";
import { messageOf } from "../components/response-message.ts";
import { readVisit } from "../components/visit-source.ts";
import { bookHref, el, json, longTime, say } from "./booking-helpers.ts";
import { calendarButtons, whereLine } from "./call-details.ts";
import { createPicker } from "./slot-picker.ts";

type Booked = output<typeof bookingConfirmation>;

/** /book: pick a time, fill in the details (from a contact form's pass, if any), book. */
export async function bookPage(host: HTMLElement) {
  const form = host.querySelector("form.booking-app") as HTMLFormElement;
  const status = host.querySelector("#booking-status") as HTMLElement;
  const chosenNote = host.querySelector("[data-chosen]") as HTMLElement;
  const button = form.querySelector("button[type=submit]") as HTMLButtonElement;
  const picker = createPicker(
    host.querySelector("[data-picker]") as HTMLElement,
    {
      zoneSelect: host.querySelector("#booking-zone") as HTMLSelectElement,
      zoneName: host.querySelector("[data-zone-name]") as HTMLElement,
    },
    (slot, zone) => {
      chosenNote.textContent = slot
        ? `Your call: ${longTime(slot.start, zone)}.`
        : "No time picked yet.";
    },
  );
  // The contact form's clock, started as the page opens rather than at the first focus: a
  // visitor whose details came filled in may pick a time and book within three seconds of
  // first touching the form, and would be kept as spam. A bot posting at once is still caught.
  const clock = createFormClock();
  clock.start();
  const pass = new URLSearchParams(location.hash.slice(1)).get("pass");
  if (pass) {
    // Out of the address bar, so a bookmark or a shared link does not carry it.
    history.replaceState(null, "", location.pathname + location.search);
    void prefill(form, pass);
  }
  await picker.load();
  const about = picker.about();
  // The call's length and where it happens, from the owner's availability; a phone call asks
  // for the number to call.
  if (about) {
    for (const node of document.querySelectorAll("[data-call-length]"))
      node.textContent = `${about.length} minutes`;
    if (about.location)
      for (const node of document.querySelectorAll("[data-call-where]"))
        node.replaceChildren(...whereLine(about.location));
  }
  const byPhone = about?.location?.type === "phone";
  const phoneField = host.querySelector<HTMLElement>("[data-phone]");
  if (phoneField && byPhone) {
    phoneField.hidden = false;
    phoneField.querySelector("input")?.setAttribute("required", "");
  }

  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    say(status, null);
    const slot = picker.chosen();
    if (!slot) {
      say(status, "error", "Pick a day and a time first.");
      picker.focusChoice();
      return;
    }
    sending = true;
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Booking…";
    const data = new FormData(form);
    const token = await clock.token(5000);
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          start: slot.start,
          email: data.get("email"),
          firstName: data.get("firstName"),
          lastName: data.get("lastName"),
          message: data.get("message"),
          ...(byPhone ? { phone: data.get("phone") } : {}),
          timeZone: picker.zone(),
          sourcePage: bookHref,
          ...readVisit(),
          ...(token ? { formToken: token } : {}),
          ...(pass ? { bookingPass: pass } : {}),
          [honeypotField]: data.get(honeypotField) ?? "",
        }),
      });
      if (response.status === 201) {
        const { message, booking } = (await response.json()) as Booked;
        confirmBooked(host, booking, picker.zone(), message, String(data.get("email")));
        return;
      }
      const text = await messageOf(response, "Booking failed. Please try again!");
      say(status, "error", text);
      if (response.status === 409) {
        // Taken meanwhile: fresh times, and the visitor back at the choice.
        await picker.load();
        picker.focusChoice();
      }
    } catch {
      say(status, "error", "Booking failed. Please check your connection and try again!");
    } finally {
      sending = false;
      button.removeAttribute("aria-disabled");
      button.textContent = "Book the call";
    }
  });
}

async function prefill(form: HTMLFormElement, pass: string) {
  try {
    const response = await fetch("/api/booking/prefill", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ pass }),
    });
    if (!response.ok) return;
    const details = (await response.json()) as output<typeof prefillResponse>;
    for (const name of ["email", "firstName", "lastName"] as const) {
      const field = form.elements.namedItem(name) as HTMLInputElement | null;
      if (field && !field.value) field.value = details[name] ?? "";
    }
  } catch {
    // The visitor types them instead.
  }
}

function confirmBooked(
  host: HTMLElement,
  booking: Booked["booking"],
  zone: string,
  message: string,
  email: string,
) {
  const heading = el("h2", { tabindex: "-1", class: "booking-title" }, "You're booked.");
  host.replaceChildren(
    el(
      "div",
      { class: "booking-done" },
      heading,
      el("p", { class: "booking-when" }, longTime(booking.start, zone)),
      ...(booking.location
        ? [el("p", { class: "booking-where" }, ...whereLine(booking.location, booking.phone))]
        : []),
      el("p", { role: "status", class: formMessageClass.success }, message),
      el(
        "p",
        { class: "booking-note" },
        `The invite went to ${email}, with a link to move or cancel the call.`,
      ),
      calendarButtons(booking, host.dataset.callTitle ?? "Free call"),
      el("a", { href: booking.manageUrl, class: "booking-link" }, "Move or cancel this call"),
    ),
  );
  heading.focus();
}
