import type { ManagedBooking, MeetingRecord } from "../../domain/booking.ts";
import type { Span } from "../../domain/booking-slots.ts";
import { type MeetingLocation, meetingLocation } from "../../domain/meeting-location.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";

/** Booked (not cancelled) meetings overlapping a time range, with the owner's day of each. */
export async function bookedMeetings(
  db: Db,
  { from, to, except }: { from: Date; to: Date; except?: string },
): Promise<Array<Span & { date: string }>> {
  let query = db
    .selectFrom("meetings")
    .select(["start_at", "end_at", "day"])
    .where("status", "=", "booked")
    .where("start_at", "<", to.toISOString())
    .where("end_at", ">", from.toISOString());
  // A meeting being moved does not stand in its own way.
  if (except) query = query.where("id", "!=", except);
  const rows = await query.orderBy("start_at").execute();
  return rows.map((row) => ({
    start: Date.parse(toIso(row.start_at)),
    end: Date.parse(toIso(row.end_at)),
    date: row.day,
  }));
}

/**
 * A lead's details, for a booking pass sent by e-mail to the lead's own address (a pass from
 * the form's answer carries what its request typed instead, ADR 022).
 */
export function contactDetails(
  db: Db,
  id: string,
): Promise<{ email: string; firstName: string; lastName: string } | undefined> {
  return db
    .selectFrom("leads")
    .select(["email", "first_name as firstName", "last_name as lastName"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A meeting with its visitor, as the server works with it. */
export type Meeting = {
  id: string;
  leadId: string;
  start: string;
  end: string;
  /** The owner's date it falls on. */
  day: string;
  status: "booked" | "cancelled";
  sequence: number;
  cancelledBy: "visitor" | "owner" | null;
  /** Where it happens, as booked; null when the owner had not said. */
  location: MeetingLocation | null;
  visitor: {
    firstName: string;
    lastName: string;
    email: string;
    timeZone: string | null;
    /** The number to call, for a phone call. */
    phone: string | null;
  };
};

/** A stored place, read through its schema: one that no longer parses is no place. */
function locationOf(json: string | null): MeetingLocation | null {
  if (!json) return null;
  try {
    const parsed = meetingLocation.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Meetings with their visitors, oldest first: one by its ID or its manage token's hash, one
 * lead's, or those starting in a time range (of the leads assigned to `assignedTo` when it is
 * given; null: to no one).
 */
export async function findMeetings(
  db: Db,
  filter:
    | { id: string }
    | { tokenHash: string }
    | { leadId: string }
    | { from: Date; to: Date; assignedTo?: string | null },
): Promise<Meeting[]> {
  let query = db
    .selectFrom("meetings")
    .innerJoin("leads", "leads.id", "meetings.lead_id")
    .select([
      "meetings.id",
      "meetings.lead_id",
      "meetings.start_at",
      "meetings.end_at",
      "meetings.day",
      "meetings.status",
      "meetings.sequence",
      "meetings.cancelled_by",
      "meetings.visitor_time_zone",
      "meetings.location",
      "meetings.visitor_phone",
      "leads.first_name",
      "leads.last_name",
      "leads.email",
    ]);
  if ("id" in filter) query = query.where("meetings.id", "=", filter.id);
  else if ("tokenHash" in filter) query = query.where("meetings.token_hash", "=", filter.tokenHash);
  else if ("leadId" in filter) query = query.where("meetings.lead_id", "=", filter.leadId);
  else {
    query = query
      .where("meetings.start_at", ">=", filter.from.toISOString())
      .where("meetings.start_at", "<", filter.to.toISOString());
    if (filter.assignedTo === null) query = query.where("leads.assigned_to", "is", null);
    else if (filter.assignedTo !== undefined)
      query = query.where("leads.assigned_to", "=", filter.assignedTo);
  }
  const rows = await query
    .orderBy("meetings.start_at")
    .orderBy("meetings.id")
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    leadId: row.lead_id,
    start: toIso(row.start_at),
    end: toIso(row.end_at),
    day: row.day,
    status: row.status,
    sequence: Number(row.sequence),
    cancelledBy: row.cancelled_by,
    location: locationOf(row.location),
    visitor: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      timeZone: row.visitor_time_zone,
      phone: row.visitor_phone,
    },
  }));
}

/** One meeting, by its ID or its manage token's hash; undefined if there is none (or no more). */
export const findMeeting = async (db: Db, filter: { id: string } | { tokenHash: string }) =>
  (await findMeetings(db, filter))[0];

/** A meeting as the admin API answers it. */
export const meetingRecordOf = (meeting: Meeting): MeetingRecord => ({
  ID: meeting.id,
  LeadID: meeting.leadId,
  FirstName: meeting.visitor.firstName,
  LastName: meeting.visitor.lastName,
  Email: meeting.visitor.email,
  start: meeting.start,
  end: meeting.end,
  status: meeting.status,
  cancelledBy: meeting.cancelledBy,
  location: meeting.location,
  Phone: meeting.visitor.phone,
});

/** A meeting as its visitor's manage page sees it, changeable until the notice before it. */
export const managedBookingOf = (
  meeting: Meeting,
  { noticeHours, ownerTimeZone }: { noticeHours: number; ownerTimeZone: string },
): ManagedBooking => ({
  ID: meeting.id,
  start: meeting.start,
  end: meeting.end,
  status: meeting.status,
  firstName: meeting.visitor.firstName,
  timeZone: meeting.visitor.timeZone,
  ownerTimeZone,
  changeableUntil: new Date(Date.parse(meeting.start) - noticeHours * 3_600_000).toISOString(),
  location: meeting.location,
  phone: meeting.visitor.phone,
});
