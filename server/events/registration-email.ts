import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { dateTimeLabel } from "../../domain/dates.ts";
import { eventTimeZone } from "../../domain/event-texts.ts";
import { paymentNote } from "../../domain/events.ts";
import { site } from "../../domain/site.ts";
import type { VisitorSender } from "../mail/message-outbox.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import { type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import type { RegistrationEmailPayload } from "./registrations.repository.ts";

export type RegistrationForEmail = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  seats: number;
};

const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: eventTimeZone,
});

/** "Thursday, January 21, 2027, 6:00 PM – 8:00 PM Eastern", as the event's page says it. */
export function eventWhen(event: { start: string; end: string }, now: Date): string {
  return `${dateTimeLabel(event.start, eventTimeZone, now)} – ${timeFormat.format(new Date(event.end))} Eastern`;
}

const seatsText = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;

/**
 * The registration as an iCalendar invite: a UID of its own (one per registration, stable, so
 * the repeat's e-mail updates rather than adds), the event's times in UTC, the studio as
 * organizer and the visitor as attendee, no RSVP asked (the registration is the answer). A
 * canceled registration is the same UID as METHOD CANCEL, STATUS CANCELLED and a higher
 * SEQUENCE, which takes the event out of the visitor's calendar.
 */
export function registrationCalendar(
  registration: RegistrationForEmail,
  event: RegistrationEmailPayload["event"],
  {
    owner,
    host,
    now,
    canceled = false,
  }: { owner: string; host: string; now: Date; canceled?: boolean },
): string {
  const calendar = ical({
    prodId: { company: site.name, product: "Events", language: "EN" },
    method: canceled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `registration-${registration.id}@${host}`,
    sequence: canceled ? 1 : 0,
    start: new Date(event.start),
    end: new Date(event.end),
    stamp: now,
    summary: event.title,
    location: event.place,
    description: `${seatsText(registration.seats)} saved for you. The event: ${event.url}`,
    url: event.url,
    organizer: { name: site.name, email: owner },
    attendees: [
      // The address only: the name was typed by whoever registered (docs/events.md).
      { email: registration.email, rsvp: false },
    ],
    status: canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

type EmailSettings = {
  notifyEmail: string;
  siteUrl: string;
  now: Date;
  /** The outbox row it is sent for: a retry keeps the Message-ID. */
  outboxId: string;
  /** The guest's own page, to cancel from (ADR 026); without it, they reply instead. */
  manageUrl?: string;
  /** Who it comes from and where the answer goes (MAIL_FROM, REPLY_TO); else NOTIFY_EMAIL. */
  sender?: VisitorSender | undefined;
};

/** The From, Reply-To and invite organizer of an e-mail to the guest. */
function senderOf({ notifyEmail, sender }: EmailSettings) {
  return {
    from: sender?.from ?? { name: site.name, address: notifyEmail },
    ...(sender ? { replyTo: sender.replyTo } : {}),
    organizer: sender?.from.address ?? notifyEmail,
  };
}

/**
 * The visitor's confirmation: which event, when, where, how many seats, how a paid event is
 * paid for, and the invite. Never repeats anything typed into the form, not even the names:
 * anyone can type anyone's address, and the form must not become a way to send any words to
 * it (docs/events.md, "The confirmation").
 */
export function registrationEmail(
  registration: RegistrationForEmail,
  payload: RegistrationEmailPayload,
  settings: EmailSettings,
): OutgoingEmail {
  const { siteUrl, now, outboxId, manageUrl } = settings;
  const { organizer, ...from } = senderOf(settings);
  const host = new URL(siteUrl).hostname || "localhost";
  const { event } = payload;
  const payment = paymentNote(event);
  const lines = [
    // Nothing typed into the form goes to the address: it has not shown it is theirs.
    "Hello,",
    "",
    payload.again
      ? `You're already registered for ${event.title}, with ${seatsText(registration.seats)}. To change that, reply to this email.`
      : `You're registered for ${event.title}: ${seatsText(registration.seats)} saved for you. The invite is attached.`,
    "",
    `When: ${eventWhen(event, now)}`,
    `Where: ${event.place}`,
    ...(payment ? [`Price: ${event.price} a seat. ${payment}`] : []),
    "",
    `The event: ${event.url}`,
    manageUrl
      ? `If you can't come after all, cancel here and we'll give your seats to someone else: ${manageUrl}`
      : "If you can't come after all, reply to this email and we'll give your seat to someone else.",
    "",
    site.name,
  ];
  return {
    ...from,
    to: registration.email,
    subject: oneLine(`${payload.again ? "Still registered" : "You're registered"}: ${event.title}`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: `<registration-${registration.id}-${payload.again ? `again-${outboxId}` : "confirmation"}@${host}>`,
    calendar: {
      method: "REQUEST",
      content: registrationCalendar(registration, event, { owner: organizer, host, now }),
    },
  };
}

/**
 * A registration was canceled, by its guest's link or by the owner (the guest wrote that they
 * can't come): the seats are given up and the invite withdrawn. Nothing typed, as above.
 */
export function registrationCanceledEmail(
  registration: RegistrationForEmail,
  event: RegistrationEmailPayload["event"],
  settings: EmailSettings,
): OutgoingEmail {
  const { siteUrl, now } = settings;
  const { organizer, ...from } = senderOf(settings);
  const host = new URL(siteUrl).hostname || "localhost";
  const lines = [
    // Nothing typed into the form goes to the address: it has not shown it is theirs.
    "Hello,",
    "",
    `Your registration for ${event.title} is canceled, and your ${seatsText(registration.seats)} given to others. The invite in your calendar is withdrawn.`,
    "",
    `When: ${eventWhen(event, now)}`,
    `Where: ${event.place}`,
    "",
    `If that's a mistake, or you can come after all, register again: ${event.url}`,
    "",
    site.name,
  ];
  return {
    ...from,
    to: registration.email,
    subject: oneLine(`Registration canceled: ${event.title}`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: `<registration-${registration.id}-canceled@${host}>`,
    calendar: {
      method: "CANCEL",
      content: registrationCalendar(registration, event, {
        owner: organizer,
        host,
        now,
        canceled: true,
      }),
    },
  };
}
