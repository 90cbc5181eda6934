import * as z from "zod/mini";
import { isoTimestamp } from "./api.ts";
import { contactFields } from "./contact.ts";
import { contactTexts } from "./contact-texts.ts";
import { messageSubject, messageText } from "./conversation.ts";
import { eventTexts, maxSeatsPerRegistration } from "./event-texts.ts";
import { uuidPattern } from "./lead-record.ts";
import { limits } from "./limits.ts";

/**
 * Event registration's contracts (ADR 026): the public form, the seats left, and the
 * admin's lists. The events themselves are content (content/events/*.md); the build hands the
 * server what it needs of them in an event catalog (`catalogEvent`).
 */

/**
 * One event as the server knows it, from the build's catalog (build/events.json): what a
 * registration is checked against and what its confirmation says.
 */
export const catalogEvent = z.object({
  slug: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/)),
  title: z.string(),
  start: z.string().check(z.describe("ISO 8601 with the event's offset.")),
  end: z.string(),
  capacity: z.number().check(z.int(), z.minimum(1)),
  /** The venue and its address on one line, or "Online" and the note on how to join. */
  place: z.string(),
  price: z.string(),
  /** How a paid event is paid for, when it says; see paymentNote. */
  payment: z.optional(z.string()),
  /** The event's page, absolute. */
  url: z.string(),
});
export type CatalogEvent = z.infer<typeof catalogEvent>;
export const eventCatalog = z.array(catalogEvent);
/** Whether an event costs something: any price but "Free". */
export const isPaid = (price: string) => price.trim().toLowerCase() !== "free";

/**
 * How a paid event is paid for, said beside its price on the page and in the confirmation:
 * the event's own words (its `payment`), else the studio's usual way. Nothing is charged
 * online, so registering never looks like buying. Null for a free event.
 */
export const paymentNote = (event: { price: string; payment?: string | undefined }) =>
  isPaid(event.price)
    ? (event.payment ??
      "Pay at the door, by card or cash. Registering costs nothing and holds your seat; if you can't come, cancel from your confirmation and you owe nothing.")
    : null;

/**
 * What a publish changed of an event that people registered for (docs/decisions/034): its
 * time (the same instants written with another offset are no change) or its place.
 */
export function eventChange(
  was: Pick<CatalogEvent, "start" | "end" | "place">,
  is: Pick<CatalogEvent, "start" | "end" | "place">,
): { time: boolean; place: boolean } {
  const time =
    Date.parse(was.start) !== Date.parse(is.start) || Date.parse(was.end) !== Date.parse(is.end);
  return { time, place: was.place !== is.place };
}

/** The catalog's file in a build folder (beside client/, never served). */
export const eventCatalogFile = "events.json";

/** Seats as typed: a number in JSON, a string in a form post; absent means one. */
const seats = z
  .pipe(
    z.optional(
      z
        .union([z.number(), z.string()], { error: eventTexts.invalidSeats })
        .check(z.describe(`1 to ${maxSeatsPerRegistration}; 1 when left out.`)),
    ),
    z.transform((value) => (value === undefined || value === "" ? 1 : Number(value))),
  )
  .check(
    z.refine((n: number) => Number.isInteger(n) && n >= 1 && n <= maxSeatsPerRegistration, {
      error: eventTexts.invalidSeats,
    }),
  );

/**
 * A registration: the contact form's fields in its order with its texts (email, first name,
 * last name), then the seats; the contact form's hints (source page, visit, timing token,
 * honeypot) travel with it and its spam layers apply.
 */
export const registrationRequest = z
  .object(
    {
      email: contactFields.email,
      firstName: contactFields.firstName,
      lastName: contactFields.lastName,
      seats,
      sourcePage: contactFields.sourcePage,
      referrer: contactFields.referrer,
      utmSource: contactFields.utmSource,
      utmMedium: contactFields.utmMedium,
      utmCampaign: contactFields.utmCampaign,
      entryPage: contactFields.entryPage,
      formToken: contactFields.formToken,
      company_website: contactFields.company_website,
    },
    { error: contactTexts.invalidEmail },
  )
  .check(
    z.refine(
      (r: { firstName: string; lastName: string }) =>
        r.firstName.length <= limits.name && r.lastName.length <= limits.name,
      { error: contactTexts.nameTooLong },
    ),
  );
export type RegistrationRequest = z.output<typeof registrationRequest>;

export const eventParams = z.object({
  slug: z.string().check(z.maxLength(200), z.describe("The event's slug, as in /events/{slug}.")),
});

/** One registration of an event, for the admin's cancel. */
export const registrationParams = z.object({
  slug: eventParams.shape.slug,
  id: z
    .string({ error: eventTexts.badRegistrationId })
    .check(z.regex(uuidPattern, { error: eventTexts.badRegistrationId }), z.toLowerCase()),
});

/** A registration by the token in its guest's link. */
export const registrationTokenParams = z.object({
  token: z
    .string()
    .check(z.maxLength(100), z.describe("The token from the registration's confirmation e-mail.")),
});

export const seatsResponse = z.object({
  capacity: z.number(),
  seatsLeft: z.number(),
});

/** An event in the admin's list: its seats and how many registrations hold them. */
export const eventSummary = z.object({
  slug: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  place: z.string(),
  url: z.string(),
  capacity: z.number(),
  seatsTaken: z.number(),
  seatsLeft: z.number(),
  registrations: z.number(),
  upcoming: z.boolean(),
});
export type EventSummary = z.infer<typeof eventSummary>;

/** What a guest's link shows: their event and seats, and whether they can still cancel. */
export const guestRegistration = z.object({
  firstName: z.string(),
  seats: z.number(),
  event: z.pick(eventSummary, {
    slug: true,
    title: true,
    start: true,
    end: true,
    place: true,
    url: true,
  }),
  cancelable: z
    .boolean()
    .check(z.describe("False once the event has started: then the guest replies instead.")),
});
export type GuestRegistration = z.infer<typeof guestRegistration>;

export const registrationRecord = z.object({
  ID: z.string(),
  leadId: z
    .string()
    .check(z.describe("The lead the registration belongs to (/admin/leads?lead=).")),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  seats: z.number(),
  createdAt: isoTimestamp,
});
export type RegistrationRecord = z.infer<typeof registrationRecord>;

export const eventRegistrations = z.object({
  event: eventSummary,
  registrations: z.array(registrationRecord),
});
export type EventRegistrations = z.infer<typeof eventRegistrations>;

/**
 * The owner's message to everyone registered for an event (docs/events.md): a subject and a
 * text, checked as a message to one lead is, each sent as a message of that person's lead.
 */
export const registrantsMessage = z.object({ subject: messageSubject, message: messageText });
export type RegistrantsMessage = z.output<typeof registrantsMessage>;

export const registrantsMessageQueued = z.object({
  recipients: z.number().check(z.describe("How many people it is sent to: one e-mail each.")),
  message: z.string(),
});
