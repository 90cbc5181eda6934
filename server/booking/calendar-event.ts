import ical, { ICalEventStatus } from "ical-generator";
import { inviteLocation } from "../../domain/meeting-location-texts.ts";
import { site } from "../../domain/site.ts";
import type { Meeting } from "../booking/meetings.repository.ts";
import { leadUrl, oneLine } from "../notifications/outgoing-email.ts";

/**
 * A meeting's UID: the invites' own (meeting-email.ts), so a calendar program that also
 * accepts the e-mailed invite updates this event instead of showing a second one.
 */
export const meetingUid = (meetingId: string, host: string) => `meeting-${meetingId}@${host}`;

/** Whether a UID is one of this site's meetings (left out of the owner's busy times). */
export const isMeetingUid = (uid: string, host: string) =>
  /^meeting-[0-9a-f-]{36}@/i.test(uid) && uid.slice(uid.indexOf("@") + 1) === host;

/**
 * The meeting as an event in the owner's own calendar: who, their address and a link to the
 * lead, times in UTC. No ORGANIZER or ATTENDEE: on a server that schedules (RFC 6638), an
 * attendee would make the server send the visitor a second invitation of its own.
 */
export function ownerCalendarEvent(
  meeting: Meeting,
  { siteUrl, now }: { siteUrl: string; now: Date },
): string {
  const host = new URL(siteUrl).hostname || "localhost";
  const name = oneLine(`${meeting.visitor.firstName} ${meeting.visitor.lastName}`, 120);
  const link = leadUrl(siteUrl, meeting.leadId);
  const calendar = ical({ prodId: { company: site.name, product: "Bookings", language: "EN" } });
  calendar.createEvent({
    id: meetingUid(meeting.id, host),
    sequence: meeting.sequence,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    stamp: now,
    summary: `Free call with ${name}`,
    description: `${name} <${meeting.visitor.email}> booked a free call.\nThe lead: ${link}`,
    url: link,
    ...(meeting.location
      ? { location: inviteLocation(meeting.location, meeting.visitor.phone) }
      : {}),
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
