import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "../../domain/site.ts";

/**
 * What an e-mailed calendar object does (RFC 5546): an invite or its update ("request", the
 * same UID under a higher SEQUENCE replaces what the calendar holds), its withdrawal
 * ("cancel": METHOD CANCEL with STATUS CANCELLED, as calendar programs expect), or a file to
 * add as is, with no organizer to answer ("publish").
 */
export type InviteMethod = "request" | "cancel" | "publish";

const methods = {
  request: ICalCalendarMethod.REQUEST,
  cancel: ICalCalendarMethod.CANCEL,
  publish: ICalCalendarMethod.PUBLISH,
} as const;

/**
 * One event as an iCalendar object, the way every e-mail of this site sends it (a meeting's
 * invites, an event registration's): a UID stable for the thing's life, its SEQUENCE, times
 * in UTC, the studio as organizer and the visitor as attendee (none for "publish").
 * ical-generator folds and escapes what a visitor typed.
 */
export function inviteCalendar({
  product,
  method,
  uid,
  sequence,
  start,
  end,
  now,
  summary,
  description,
  url,
  location,
  organizer,
  attendee,
}: {
  /** The PRODID's product: "Bookings", "Events". */
  product: string;
  method: InviteMethod;
  uid: string;
  sequence: number;
  start: string;
  end: string;
  now: Date;
  summary: string;
  description: string;
  url: string;
  location?: string | undefined;
  /** The address the visitor's answer goes to. */
  organizer: string;
  attendee: { email: string; name?: string | undefined; rsvp: boolean };
}): string {
  const calendar = ical({
    prodId: { company: site.name, product, language: "EN" },
    method: methods[method],
  });
  calendar.createEvent({
    id: uid,
    sequence,
    start: new Date(start),
    end: new Date(end),
    stamp: now,
    summary,
    description,
    url,
    ...(location ? { location } : {}),
    ...(method === "publish"
      ? {}
      : {
          organizer: { name: site.name, email: organizer },
          attendees: [
            {
              ...(attendee.name ? { name: attendee.name } : {}),
              email: attendee.email,
              rsvp: attendee.rsvp,
            },
          ],
        }),
    status: method === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
