import { contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import {
  eventTexts,
  maxSeatsPerRegistration,
  seatsAvailableText,
  seatsPath,
} from "../../domain/event-texts.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { createFormClock } from "../components/form-clock.ts";
import { messageOf } from "../components/response-message.ts";
import { readVisit } from "../components/visit-source.ts";

/**
 * An event's registration form as an island (ADR 026): plain DOM, no framework, so the page
 * stays within its script budget. It shows the seats left, sends JSON, and says the outcome in
 * the form's one live region; the prerendered form works without it (a plain post).
 */

/**
 * The field a message is about: marked invalid and focused, as the no-JavaScript page does. A
 * 409 is always about the seats (full, or fewer left than asked for).
 */
const fieldFor: Record<string, string> = {
  [contactTexts.invalidEmail]: "email",
  [contactTexts.invalidFirstName]: "firstName",
  [contactTexts.invalidLastName]: "lastName",
  [eventTexts.invalidSeats]: "seats",
};

/** The seats left, asked once for all the page's hosts; again after a send (`fresh`). */
let seatsAnswer: Promise<number | null> | null = null;

/**
 * The seats left, said wherever the page says them ([data-seats]: the ticket by the title and
 * the line beside the form); a full event says so there before anyone types.
 */
async function showSeats(slug: string, fresh = false): Promise<void> {
  if (fresh || !seatsAnswer)
    seatsAnswer = fetch(seatsPath(slug), { headers: { accept: "application/json" } })
      .then(async (response) =>
        response.ok ? ((await response.json()) as { seatsLeft: number }).seatsLeft : null,
      )
      // Offline for a moment: the page keeps saying the capacity, the form what the server answers.
      .catch(() => null);
  const asked = seatsAnswer;
  const seatsLeft = await asked;
  if (seatsLeft === null) {
    if (seatsAnswer === asked) seatsAnswer = null; // asked again at the next use
    return;
  }
  for (const note of document.querySelectorAll<HTMLElement>("[data-seats]"))
    note.textContent = seatsAvailableText(seatsLeft);
  const seats = document.querySelector<HTMLInputElement>(
    '[data-island="event-registration"] input[name="seats"]',
  );
  if (seats) seats.max = String(Math.max(1, Math.min(maxSeatsPerRegistration, seatsLeft)));
}

export function hydrate(host: HTMLElement): void {
  const { slug } = JSON.parse(host.dataset.props ?? "{}") as { slug: string };
  const form = host.querySelector("form");
  if (!form) {
    // The ticket by the title ("event-seats"): in view as the page opens, for the seats alone.
    host.dataset.hydrated = "true";
    void showSeats(slug);
    return;
  }
  const status = host.querySelector(`#${CSS.escape(form.getAttribute("aria-describedby") ?? "")}`);
  const button = form.querySelector("button[type=submit]") as HTMLButtonElement;
  // The page's clock, started by the frame as the page was shown (docs/product.md, "Spam kept
  // for review"); a use of the form asks again when that token could not be had.
  const clock = createFormClock();
  clock.start();
  form.addEventListener("focusin", clock.start);
  host.dataset.hydrated = "true";

  const say = (kind: "success" | "error" | null, text = "") => {
    if (!status) return;
    const p = document.createElement("p");
    p.setAttribute("role", kind === "error" ? "alert" : "status");
    p.className = kind ? formMessageClass[kind] : "";
    p.textContent = text;
    status.replaceChildren(kind ? p : "");
  };
  const markInvalid = (name: string | null) => {
    for (const field of form.querySelectorAll("[aria-invalid]"))
      field.removeAttribute("aria-invalid");
    const field = name ? (form.elements.namedItem(name) as HTMLInputElement | null) : null;
    field?.setAttribute("aria-invalid", "true");
    field?.focus();
  };

  void showSeats(slug);

  /**
   * A registration done: a card in the form's place says so (focused, so it is read out and
   * the eyes land on it), rather than a ready Register button under an emptied form; "Register
   * someone else" brings the form back. Styled by kept component classes (app.css, "booking"):
   * the page's pruned stylesheet holds only what its HTML uses.
   */
  const confirm = (text: string) => {
    const card = document.createElement("div");
    card.className = "booking-offer";
    card.tabIndex = -1;
    const said = document.createElement("p");
    said.setAttribute("role", "status");
    said.className = "booking-strong";
    said.textContent = text;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "booking-link";
    again.textContent = "Register someone else";
    again.addEventListener("click", () => {
      card.remove();
      form.hidden = false;
      (form.elements.namedItem("email") as HTMLInputElement | null)?.focus();
    });
    // A paid event's confirmation says again how it is paid for (docs/events.md).
    const payment = form.querySelector("[data-payment]")?.textContent;
    if (payment) {
      const note = document.createElement("p");
      note.textContent = payment;
      note.style.flexBasis = "100%"; // its own line, under the answer (a CSSOM style: CSP allows it)
      card.append(said, note, again);
    } else card.append(said, again);
    form.hidden = true;
    form.before(card);
    card.focus();
    card.scrollIntoView({ block: "nearest" });
  };

  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    say(null);
    sending = true;
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Registering…";
    const data = new FormData(form);
    const token = await clock.token(5000);
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          email: data.get("email"),
          firstName: data.get("firstName"),
          lastName: data.get("lastName"),
          seats: data.get("seats"),
          sourcePage: data.get("sourcePage"),
          ...readVisit(),
          ...(token ? { formToken: token } : {}),
          [honeypotField]: data.get(honeypotField) ?? "",
        }),
      });
      const text = await messageOf(response, contactTexts.failure);
      if (response.status === 201) {
        markInvalid(null);
        form.reset();
        clock.restart();
        confirm(text);
      } else {
        say("error", text);
        markInvalid(response.status === 409 ? "seats" : (fieldFor[text] ?? null));
      }
      if (response.status === 201 || response.status === 409) await showSeats(slug, true);
    } catch {
      say("error", contactTexts.failure);
    } finally {
      sending = false;
      button.removeAttribute("aria-disabled");
      button.textContent = "Register";
    }
  });
}
