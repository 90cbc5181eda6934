import type { Transaction } from "kysely";
import type { Span } from "../../domain/booking-slots.ts";
import { bookingGrainMinutes } from "../../domain/booking-texts.ts";
import type { MeetingLocation } from "../../domain/meeting-location.ts";
import type { SpamReason } from "../../domain/spam.ts";
import { insertContactLead, type NewContactLead } from "../contact/lead-intake.repository.ts";
import type { Db } from "../db/connect.ts";
import { retryLostConnection } from "../db/retry-lost.ts";
import { type Database, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { OverCap } from "../http/client-caps.ts";
import { checkBookingCaps } from "./booking-caps.ts";
import { markCalendarChanged } from "./calendar-sync.repository.ts";
import { enqueueMeetingEmails } from "./meeting-outbox.ts";
import { tellMeetingWebhooks } from "./meeting-webhooks.ts";

/** All SQL for booking a call (ADR 022). */

const grainMs = bookingGrainMinutes * 60_000;

/**
 * The 5-minute blocks a meeting holds: from its start to the end of its buffer. Two meetings
 * that would overlap, or sit closer than the buffer, share a block; the block is a primary
 * key, so the database refuses the second, whatever instance or transaction sent it.
 */
export function blocksOf(span: Span, bufferMinutes: number): number[] {
  const first = Math.floor(span.start / grainMs);
  const last = Math.ceil((span.end + bufferMinutes * 60_000) / grainMs);
  return Array.from({ length: last - first }, (_, i) => first + i);
}

/** Who changed a meeting, for the lead's history: the visitor (their address) or an admin. */
export type MeetingActor = { id: string | null; email: string };

/** A line in the lead's history: its meeting's start, from and to ("" before, "cancelled" after). */
async function recordMeetingChange(
  trx: Trx,
  {
    leadId,
    from,
    to,
    actor,
    now,
  }: { leadId: string; from: string; to: string; actor: MeetingActor; now: Date },
): Promise<void> {
  await trx
    .insertInto("lead_events")
    .values({
      id: uuidv7(now.getTime()),
      lead_id: leadId,
      actor_id: actor.id,
      actor_email: actor.email,
      field: "Meeting",
      from_value: from,
      to_value: to,
      created_at: now.toISOString(),
    })
    .execute();
}

/** How e-mails about meetings are sent: with a reminder so many hours before, or none. */
export type MeetingEmailSettings = { reminderHours: number | null };

const isoSpan = (span: Span) => ({
  start: new Date(span.start).toISOString(),
  end: new Date(span.end).toISOString(),
});
const reminderAt = (span: Span, { reminderHours }: MeetingEmailSettings) =>
  reminderHours === null ? null : new Date(span.start - reminderHours * 3_600_000);

/** The time was taken meanwhile (a block, or the day's last place): nothing is kept. */
class Taken extends Error {}

export type BookingOutcome =
  | { kind: "booked"; meetingId: string; leadId: string }
  | { kind: "spam"; reason: SpamReason }
  | { kind: "taken" }
  | { kind: "capped"; message: string; retryAfterSeconds: number };

/**
 * Books a call in one transaction: the lead (or the same visitor's lead of a moment ago, as
 * the contact form stores a repeat once), the meeting, its blocks and, under a daily maximum,
 * one of its day's places. A block or place already held means someone else booked that time
 * first: the transaction is rolled back, lead and all, and the answer is "taken". A spam
 * verdict keeps the submission for review and books nothing.
 */
export async function bookCall(
  db: Db,
  {
    meetingId,
    lead,
    join,
    span,
    day,
    bufferMinutes,
    maxPerDay,
    visitorTimeZone,
    location,
    tokenHash,
    now,
    emails,
    client,
  }: {
    meetingId: string;
    lead: NewContactLead;
    /** The lead of the visitor's contact request a moment ago, from the booking's pass. */
    join: string | null;
    span: Span;
    day: string;
    bufferMinutes: number;
    maxPerDay: number | null;
    visitorTimeZone: string | null;
    /** Where it happens, kept with it, and the number to call for a phone call. */
    location: { place: MeetingLocation | null; phone: string | null };
    tokenHash: string;
    now: Date;
    /**
     * With an outbox: the invites and the reminder, queued with the booking. The owner's
     * invite is the new lead's notification too: one e-mail, not two.
     */
    emails: MeetingEmailSettings | null;
    /** Who sent it (client-caps.ts), and whether the caps per client apply (RATE_LIMIT). */
    client: { key: string; capped: boolean };
  },
): Promise<BookingOutcome> {
  // The meeting's ID is fixed before the first try: a lost commit that did book it is found.
  const stored = async (): Promise<BookingOutcome | undefined> => {
    const row = await db
      .selectFrom("meetings")
      .select("lead_id")
      .where("id", "=", meetingId)
      .executeTakeFirst();
    return row && { kind: "booked", meetingId, leadId: row.lead_id };
  };
  try {
    return await retryLostConnection(() => book(), { stored });
  } catch (error) {
    if (error instanceof Taken) return { kind: "taken" };
    if (error instanceof OverCap)
      return { kind: "capped", message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }

  function book() {
    return db.transaction().execute(async (trx): Promise<BookingOutcome> => {
      // Never folded into an earlier lead by its address and words: only a pass this visitor
      // earned joins one (docs/security.md, "A stranger reads a visitor's name").
      const stored = await insertContactLead(trx, {
        lead,
        now,
        notify: false,
        join,
        storeRepeatOnce: false,
      });
      if (stored.spam) return { kind: "spam", reason: stored.spam };
      // After the spam verdict, which is answered like a booking: a bot learns nothing of
      // anyone's calls. Over a cap, the throw rolls the lead back with the rest.
      if (client.capped)
        await checkBookingCaps(trx, { clientKey: client.key, email: lead.email, now });
      const at = now.toISOString();
      await trx
        .insertInto("meetings")
        .values({
          id: meetingId,
          lead_id: stored.id,
          start_at: new Date(span.start).toISOString(),
          end_at: new Date(span.end).toISOString(),
          day,
          status: "booked",
          sequence: 0,
          token_hash: tokenHash,
          visitor_time_zone: visitorTimeZone,
          cancelled_by: null,
          client_key: client.key,
          location: location.place && JSON.stringify(location.place),
          visitor_phone: location.phone,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await claimTime(trx, meetingId, span, { day, bufferMinutes, maxPerDay });
      await markCalendarChanged(trx, [meetingId], now);
      await recordMeetingChange(trx, {
        leadId: stored.id,
        from: "",
        to: isoSpan(span).start,
        actor: { id: null, email: lead.email },
        now,
      });
      if (emails)
        await enqueueMeetingEmails(trx, {
          meetingId,
          leadId: stored.id,
          news: "booked",
          sequence: 0,
          ...isoSpan(span),
          reminderAt: reminderAt(span, emails),
          now,
        });
      await tellMeetingWebhooks(trx, "booking.created", meetingId, now);
      return { kind: "booked", meetingId, leadId: stored.id };
    });
  }
}

type Trx = Transaction<Database>;

/**
 * Claims a meeting's blocks and, under a daily maximum, a place among its day's meetings.
 * Inserts that skip a conflict and count what they wrote, so no statement fails inside the
 * transaction (which PostgreSQL would then refuse to continue); a short count throws Taken.
 */
async function claimTime(
  trx: Trx,
  meetingId: string,
  span: Span,
  {
    day,
    bufferMinutes,
    maxPerDay,
  }: { day: string; bufferMinutes: number; maxPerDay: number | null },
): Promise<void> {
  const blocks = blocksOf(span, bufferMinutes);
  const claimed = await trx
    .insertInto("meeting_claims")
    .values(blocks.map((block) => ({ block, meeting_id: meetingId })))
    .onConflict((oc) => oc.column("block").doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== blocks.length) throw new Taken();
  if (maxPerDay === null) return;
  for (let place = 1; place <= maxPerDay; place++) {
    const held = await trx
      .insertInto("meeting_day_places")
      .values({ day, place, meeting_id: meetingId })
      .onConflict((oc) => oc.columns(["day", "place"]).doNothing())
      .executeTakeFirst();
    if (Number(held.numInsertedOrUpdatedRows ?? 0) === 1) return;
  }
  throw new Taken();
}

/**
 * Moves a booked meeting to another time, in one transaction: its old blocks and day place
 * are let go, the new ones claimed (someone else's first claim wins: "taken", nothing
 * changes), and its SEQUENCE raised for the updated invite. False when it is no longer
 * booked (cancelled meanwhile).
 */
export async function moveMeeting(
  db: Db,
  meetingId: string,
  {
    span,
    day,
    bufferMinutes,
    maxPerDay,
    now,
    emails,
    actor,
  }: {
    span: Span;
    day: string;
    bufferMinutes: number;
    maxPerDay: number | null;
    now: Date;
    emails: MeetingEmailSettings | null;
    actor: MeetingActor;
  },
): Promise<"moved" | "taken" | "gone"> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("meetings")
        .select(["start_at", "lead_id", "sequence"])
        .where("id", "=", meetingId)
        .where("status", "=", "booked")
        .executeTakeFirst();
      if (!before) return "gone";
      const sequence = Number(before.sequence) + 1;
      // Only the version just read is moved: a move or cancel that won meanwhile (another tab)
      // leaves this one nothing to do but say the time is gone.
      const updated = await trx
        .updateTable("meetings")
        .set({
          start_at: isoSpan(span).start,
          end_at: isoSpan(span).end,
          day,
          sequence,
          updated_at: now.toISOString(),
        })
        .where("id", "=", meetingId)
        .where("status", "=", "booked")
        .where("sequence", "=", Number(before.sequence))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Taken();
      await releaseTime(trx, meetingId);
      await claimTime(trx, meetingId, span, { day, bufferMinutes, maxPerDay });
      await markCalendarChanged(trx, [meetingId], now);
      await recordMeetingChange(trx, {
        leadId: before.lead_id,
        from: toIso(before.start_at),
        to: isoSpan(span).start,
        actor,
        now,
      });
      if (emails)
        await enqueueMeetingEmails(trx, {
          meetingId,
          leadId: before.lead_id,
          news: "moved",
          sequence,
          ...isoSpan(span),
          reminderAt: reminderAt(span, emails),
          now,
        });
      await tellMeetingWebhooks(trx, "booking.rescheduled", meetingId, now);
      return "moved";
    });
  } catch (error) {
    if (error instanceof Taken) return "taken";
    throw error;
  }
}

/**
 * Cancels a meeting: its time is free again at once, and its SEQUENCE raised for the
 * cancellation. False when it was already cancelled (nothing to send again).
 */
export async function cancelMeeting(
  db: Db,
  meetingId: string,
  {
    by,
    now,
    emails,
    actor,
  }: {
    by: "visitor" | "owner";
    now: Date;
    emails: MeetingEmailSettings | null;
    actor: MeetingActor;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("meetings")
      .set((eb) => ({
        status: "cancelled",
        cancelled_by: by,
        sequence: eb("sequence", "+", 1),
        updated_at: now.toISOString(),
      }))
      .where("id", "=", meetingId)
      .where("status", "=", "booked")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await releaseTime(trx, meetingId);
    await markCalendarChanged(trx, [meetingId], now);
    const meeting = await trx
      .selectFrom("meetings")
      .select(["lead_id", "sequence", "start_at", "end_at"])
      .where("id", "=", meetingId)
      .executeTakeFirstOrThrow();
    await recordMeetingChange(trx, {
      leadId: meeting.lead_id,
      from: toIso(meeting.start_at),
      to: "cancelled",
      actor,
      now,
    });
    if (emails) {
      await enqueueMeetingEmails(trx, {
        meetingId,
        leadId: meeting.lead_id,
        news: "cancelled",
        sequence: Number(meeting.sequence),
        start: toIso(meeting.start_at),
        end: toIso(meeting.end_at),
        reminderAt: null,
        now,
      });
    }
    await tellMeetingWebhooks(trx, "booking.cancelled", meetingId, now);
    return true;
  });
}

async function releaseTime(trx: Trx, meetingId: string): Promise<void> {
  await trx.deleteFrom("meeting_claims").where("meeting_id", "=", meetingId).execute();
  await trx.deleteFrom("meeting_day_places").where("meeting_id", "=", meetingId).execute();
}
