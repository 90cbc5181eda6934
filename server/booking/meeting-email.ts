import { dateTimeLabel } from "../../domain/dates.ts";
import { inviteLocation, locationSentence } from "../../domain/meeting-location-texts.ts";
import { site } from "../../domain/site.ts";
import type { VisitorSender } from "../mail/message-outbox.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import { inviteCalendar } from "../notifications/invite-calendar.ts";
import { type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import type { Meeting } from "./meetings.repository.ts";

/** What an e-mail about a meeting says: it was booked, moved, cancelled, or is coming up. */
export type MeetingNews = "booked" | "moved" | "cancelled" | "reminder";

/**
 * What an e-mail about a meeting needs of it: its times and SEQUENCE (as they were when the
 * e-mail was queued, meeting-outbox.ts), where it happens, and its visitor.
 */
export type MeetingForEmail = Pick<
  Meeting,
  "id" | "start" | "end" | "sequence" | "location" | "visitor"
>;

/**
 * The meeting as an iCalendar object: a UID stable for the meeting's life, its SEQUENCE and
 * times in UTC. With `invite`, METHOD REQUEST (an invite, or its update) or CANCEL, the owner
 * as organizer and the visitor as attendee; without, METHOD PUBLISH and neither, a file a
 * calendar program adds as is instead of asking the visitor to answer an invitation.
 * ical-generator folds and escapes what a visitor typed.
 */
export function meetingCalendar(
  meeting: MeetingForEmail,
  {
    host,
    manageUrl,
    now,
    cancelled = false,
    invite,
  }: {
    host: string;
    manageUrl: string;
    now: Date;
    cancelled?: boolean;
    invite?: {
      /** The organizer's address, which the visitor's answer goes to. */
      owner: string;
      /** The name the visitor typed: only in the owner's copy (docs/booking.md, "E-mails"). */
      attendeeName: boolean;
    };
  },
): string {
  const { location } = meeting;
  const where =
    location && locationSentence(location, { to: "visitor", phone: meeting.visitor.phone });
  return inviteCalendar({
    product: "Bookings",
    method: !invite ? "publish" : cancelled ? "cancel" : "request",
    uid: `meeting-${meeting.id}@${host}`,
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    now,
    summary: `Free call with ${site.name}`,
    description: `Your free call with ${site.name}.${where ? ` ${where}` : ""} To move or cancel it: ${manageUrl}`,
    // A video call's room is the link a calendar program offers to join with.
    url: location?.type === "video" ? location.url : manageUrl,
    location: location ? inviteLocation(location, meeting.visitor.phone) : undefined,
    organizer: invite?.owner ?? "",
    attendee: {
      ...(invite?.attendeeName
        ? { name: oneLine(`${meeting.visitor.firstName} ${meeting.visitor.lastName}`, 120) }
        : {}),
      email: meeting.visitor.email,
      rsvp: true,
    },
  });
}

const subjects: Record<MeetingNews, string> = {
  booked: "Your free call is booked",
  moved: "Your free call has moved",
  cancelled: "Your free call is canceled",
  reminder: "Reminder: your free call",
};

/**
 * An e-mail about a meeting, to the visitor (times in their zone, the manage link) or to the
 * owner (times in the owner's zone, a link to the lead). Never repeats the visitor's message:
 * the form must not become a way to send any text to any address. The invite travels as a
 * text/calendar part (and attachment), except in a reminder.
 */
export function meetingEmail(
  news: MeetingNews,
  meeting: MeetingForEmail,
  {
    to,
    notifyEmail,
    siteUrl,
    ownerTimeZone,
    manageUrl,
    leadUrl,
    now,
    sender,
  }: {
    to: "visitor" | "owner";
    notifyEmail: string;
    siteUrl: string;
    ownerTimeZone: string;
    manageUrl: string;
    leadUrl: string;
    now: Date;
    /**
     * Who the visitor's e-mail comes from and where their answer goes (MAIL_FROM, REPLY_TO);
     * without it, the owner's address. The owner's own copy always comes from NOTIFY_EMAIL.
     */
    sender?: VisitorSender | undefined;
  },
): OutgoingEmail {
  const visitorSender = to === "visitor" ? sender : undefined;
  const host = new URL(siteUrl).hostname || "localhost";
  const visitorName = oneLine(`${meeting.visitor.firstName} ${meeting.visitor.lastName}`, 120);
  const zone = to === "visitor" ? (meeting.visitor.timeZone ?? ownerTimeZone) : ownerTimeZone;
  const when = `${dateTimeLabel(meeting.start, zone, now)} (${zone.replaceAll("_", " ")})`;
  const calendarOptions = {
    host,
    manageUrl,
    now,
    invite: {
      // The organizer the visitor's calendar answers: the studio's address, like the e-mail.
      owner: visitorSender?.from.address ?? notifyEmail,
      attendeeName: to === "owner",
    },
  };
  const calendar =
    news === "reminder"
      ? undefined
      : news === "cancelled"
        ? {
            method: "CANCEL" as const,
            content: meetingCalendar(meeting, { ...calendarOptions, cancelled: true }),
          }
        : { method: "REQUEST" as const, content: meetingCalendar(meeting, calendarOptions) };

  // Where it happens, under when; never in a cancellation, where there is nowhere to go. The
  // one thing typed in it is a phone number, digits only (domain/meeting-location.ts).
  const where =
    meeting.location && news !== "cancelled"
      ? locationSentence(meeting.location, { to, phone: meeting.visitor.phone })
      : null;
  const lines =
    to === "visitor"
      ? [
          // Nothing the visitor typed: the address has not shown it is theirs, and a booking
          // must not carry a stranger's words to it (docs/booking.md, "E-mails").
          "Hello,",
          "",
          news === "cancelled"
            ? `Your free call with ${site.name} on ${when} is canceled. Book another time whenever it suits you: ${siteUrl}/book`
            : news === "reminder"
              ? `A reminder: your free call with ${site.name} is on ${when}.`
              : news === "moved"
                ? `Your free call with ${site.name} has moved to ${when}. The attached invite replaces the earlier one.`
                : `Your free call with ${site.name} is booked for ${when}. The invite is attached.`,
          ...(where ? ["", where] : []),
          ...(news === "cancelled" ? [] : ["", `To move or cancel it: ${manageUrl}`]),
          "",
          `${site.name}`,
        ]
      : [
          news === "cancelled"
            ? `${visitorName} <${meeting.visitor.email}>: the call on ${when} is canceled.`
            : news === "moved"
              ? `${visitorName} <${meeting.visitor.email}> moved their call to ${when}.`
              : `${visitorName} <${meeting.visitor.email}> booked a call for ${when}.`,
          ...(where ? [where] : []),
          "",
          `Lead: ${leadUrl}`,
        ];
  const text = lines.join("\n");
  const html = paragraphsHtml(lines);
  return {
    from: visitorSender?.from ?? { name: site.name, address: notifyEmail },
    to: to === "visitor" ? meeting.visitor.email : notifyEmail,
    ...(to === "owner" ? { replyTo: { name: visitorName, address: meeting.visitor.email } } : {}),
    ...(visitorSender ? { replyTo: visitorSender.replyTo } : {}),
    subject:
      to === "visitor"
        ? subjects[news]
        : oneLine(`${subjects[news].replace("Your", "A")}: ${visitorName}`),
    text,
    html,
    messageId: `<meeting-${meeting.id}-${meeting.sequence}-${news}-${to}@${host}>`,
    ...(calendar ? { calendar } : {}),
  };
}
