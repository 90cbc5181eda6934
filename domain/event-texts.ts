/**
 * Event registration's texts and bounds (ADR 026), apart from the schema
 * (domain/events.ts) so the prerendered form and its island show them without loading zod.
 * The fields share the contact form's texts (domain/contact-texts.ts).
 */

/** Events happen in Savannah, or online on Savannah's clock: their times are said in Eastern. */
export const eventTimeZone = "America/New_York";

/** Seats one registration may take: a family or a small team, not a block booking. */
export const maxSeatsPerRegistration = 10;

export const eventTexts = Object.freeze({
  registered:
    "You're registered. Your confirmation, with a calendar invite, is on its way to your inbox.",
  full: "This event is full.",
  closed: "Registration for this event has closed.",
  unknown: "There is no such event.",
  invalidSeats: `Choose from 1 to ${maxSeatsPerRegistration} seats.`,
  canceled: "Registration canceled. Its seats are free again.",
  canceledWithEmail:
    "Registration canceled. Its seats are free again, and the cancellation is on its way by email.",
  badRegistrationId: "The registration ID must be a UUID.",
  noSuchRegistration: "There is no such registration. It may have been canceled already.",
  // The guest's own link (the confirmation e-mail's), ADR 026.
  linkNotFound: "We couldn't find that registration. It may have been canceled already.",
  started: "This event has started, so its registration can't be canceled here any more.",
  guestCanceled: "Your registration is canceled, and your seats are free for someone else.",
  guestCanceledWithEmail:
    "Your registration is canceled, and your seats are free for someone else. The cancellation is on its way to your inbox.",
  // The owner's message to everyone registered (docs/events.md, "The owner's view").
  noRegistrants: "No one is registered for this event, so there is no one to write to.",
  mailNotSetUp:
    "Sending e-mail is not set up on this server: set SMTP_URL, NOTIFY_EMAIL and MAIL_FROM.",
});

/** "1 person", "12 people": who a message to an event's registrants reaches. */
export const peopleText = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/**
 * What the studio says before an upcoming event leaves the site (docs/decisions/034): who will
 * be told it is canceled; null: the count could not be read.
 */
export const cancelWarningText = (n: number | null) =>
  n === null
    ? "Anyone registered for it will be told by email that it is canceled, and their seats freed."
    : `${peopleText(n)} ${n === 1 ? "is" : "are"} registered; they will be told by email that it is canceled, and their seats freed.`;

/** The owner's message to an event's registrants is queued. */
export const registrantsMessageQueuedText = (n: number) =>
  `Your message is on its way to ${peopleText(n)}, one email each. It shows in each one's conversation in Leads.`;

/** Fewer seats left than asked for, but some: how many there are (the full event says so). */
export const seatsLeftText = (left: number) =>
  `Only ${left} ${left === 1 ? "seat is" : "seats are"} left. Choose ${left === 1 ? "1 seat" : `${left} or fewer`} and try again.`;

/** What the page says of the seats while registration is open. */
export const seatsAvailableText = (left: number) =>
  left === 0 ? eventTexts.full : `${left} ${left === 1 ? "seat" : "seats"} left`;

/**
 * What the page says of the seats before it knows how many are left (no JavaScript, or the
 * answer still on its way): the capacity.
 */
export const seatsInAllText = (capacity: number) =>
  `${capacity} ${capacity === 1 ? "seat" : "seats"} in all`;

/** The registration form's URL for an event: its JSON and its plain form post alike. */
export const registrationsPath = (slug: string) =>
  `/api/events/${encodeURIComponent(slug)}/registrations`;
/** Where the island reads the seats left. */
export const seatsPath = (slug: string) => `/api/events/${encodeURIComponent(slug)}/seats`;
/** Where a plain form post lands once registered (prerendered per event, noindex). */
export const registeredPagePath = (slug: string) => `/events/${slug}/registered`;
/** A guest's own registration page, from the link in their confirmation (ADR 026). */
export const registrationLinkPath = (token: string) => `/registration/${token}`;
/** What that page reads and cancels through. */
export const guestRegistrationPath = (token: string) =>
  `/api/registrations/${encodeURIComponent(token)}`;
