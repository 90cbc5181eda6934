import { dateTimeLabel } from "../../domain/dates.ts";
import { eventTimeZone } from "../../domain/event-texts.ts";
import { eventChange, paymentNote } from "../../domain/events.ts";
import { site } from "../../domain/site.ts";
import type { VisitorSender } from "../mail/message-outbox.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import { inviteCalendar } from "../notifications/invite-calendar.ts";
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
 * the repeat's e-mail and a change of the event update rather than add), the event's times in
 * UTC, the studio as organizer and the visitor as attendee, no RSVP asked (the registration
 * is the answer). Each change of the event sends it again under a higher SEQUENCE; a canceled
 * registration is the same UID as METHOD CANCEL, STATUS CANCELLED and the next SEQUENCE, which
 * takes the event out of the visitor's calendar (docs/decisions/034).
 */
export function registrationCalendar(
  registration: RegistrationForEmail,
  event: RegistrationEmailPayload["event"],
  {
    owner,
    host,
    now,
    sequence,
    canceled = false,
  }: { owner: string; host: string; now: Date; sequence: number; canceled?: boolean },
): string {
  return inviteCalendar({
    product: "Events",
    method: canceled ? "cancel" : "request",
    uid: `registration-${registration.id}@${host}`,
    sequence,
    start: event.start,
    end: event.end,
    now,
    summary: event.title,
    location: event.place,
    description: `${seatsText(registration.seats)} saved for you. The event: ${event.url}`,
    url: event.url,
    organizer: owner,
    // The address only: the name was typed by whoever registered (docs/events.md).
    attendee: { email: registration.email, rsvp: false },
  });
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
      content: registrationCalendar(registration, event, {
        owner: organizer,
        host,
        now,
        sequence: payload.sequence ?? 0,
      }),
    },
  };
}

/**
 * A registration was canceled, by its guest's link or by the owner (the guest wrote that they
 * can't come), or with its whole event (taken off the site, docs/decisions/034): the seats are
 * given up and the invite withdrawn under the next SEQUENCE. Nothing typed, as above.
 */
export function registrationCanceledEmail(
  registration: RegistrationForEmail,
  event: RegistrationEmailPayload["event"],
  settings: EmailSettings & { sequence: number; eventCanceled?: boolean | undefined },
): OutgoingEmail {
  const { siteUrl, now, sequence, eventCanceled } = settings;
  const { organizer, ...from } = senderOf(settings);
  const host = new URL(siteUrl).hostname || "localhost";
  const lines = [
    // Nothing typed into the form goes to the address: it has not shown it is theirs.
    "Hello,",
    "",
    eventCanceled
      ? `We're sorry: ${event.title} is canceled, and your registration (${seatsText(registration.seats)}) with it. The invite in your calendar is withdrawn.`
      : `Your registration for ${event.title} is canceled, and your ${seatsText(registration.seats)} given to others. The invite in your calendar is withdrawn.`,
    "",
    `When: ${eventWhen(event, now)}`,
    `Where: ${event.place}`,
    "",
    eventCanceled
      ? "If you have a question, reply to this email."
      : `If that's a mistake, or you can come after all, register again: ${event.url}`,
    "",
    site.name,
  ];
  return {
    ...from,
    to: registration.email,
    subject: oneLine(`${eventCanceled ? "Canceled" : "Registration canceled"}: ${event.title}`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: `<registration-${registration.id}-canceled@${host}>`,
    calendar: {
      method: "CANCEL",
      content: registrationCalendar(registration, event, {
        owner: organizer,
        host,
        now,
        sequence,
        canceled: true,
      }),
    },
  };
}

/** "time", "place" or "time and place": what a change of the event moved. */
const changedWords = ({ time, place }: { time: boolean; place: boolean }) =>
  time && place ? "time and place" : time ? "time" : "place";

/**
 * The event a guest registered for has a new time or place (docs/decisions/034): what changed
 * and what it was, and the invite again under the same UID and a higher SEQUENCE, which
 * replaces the one in their calendar. Nothing typed, as above.
 */
export function registrationChangedEmail(
  registration: RegistrationForEmail,
  payload: RegistrationEmailPayload & { changed: NonNullable<RegistrationEmailPayload["changed"]> },
  settings: EmailSettings & { sequence: number },
): OutgoingEmail {
  const { siteUrl, now, sequence, manageUrl } = settings;
  const { organizer, ...from } = senderOf(settings);
  const host = new URL(siteUrl).hostname || "localhost";
  const { event, changed } = payload;
  const what = eventChange(changed, event);
  const lines = [
    // Nothing typed into the form goes to the address: it has not shown it is theirs.
    "Hello,",
    "",
    `${event.title} has a new ${changedWords(what)}. Your ${seatsText(registration.seats)} are kept for you, and the attached invite replaces the one in your calendar.`,
    "",
    `${what.time ? "New time" : "When"}: ${eventWhen(event, now)}`,
    ...(what.time ? [`(It was ${eventWhen(changed, now)}.)`] : []),
    `${what.place ? "New place" : "Where"}: ${event.place}`,
    ...(what.place ? [`(It was ${changed.place}.)`] : []),
    "",
    `The event: ${event.url}`,
    manageUrl
      ? `If you can't come now, cancel here and we'll give your seats to someone else: ${manageUrl}`
      : "If you can't come now, reply to this email and we'll give your seats to someone else.",
    "",
    site.name,
  ];
  return {
    ...from,
    to: registration.email,
    subject: oneLine(`New ${changedWords(what)}: ${event.title}`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: `<registration-${registration.id}-changed-${sequence}@${host}>`,
    calendar: {
      method: "REQUEST",
      content: registrationCalendar(registration, event, {
        owner: organizer,
        host,
        now,
        sequence,
      }),
    },
  };
}
