import type { ExpressionBuilder, Transaction } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { backoffMs } from "../notifications/outbox.repository.ts";

/**
 * All SQL for keeping the owner's calendar in step with the meetings (ADR 023): one row per
 * meeting, whose `generation` each change raises, in the change's own transaction.
 */

type Trx = Transaction<Database>;

/**
 * Marks meetings as changed: their calendar copies are written (or removed) after the commit.
 * Called in the transaction of every change (booked, moved, cancelled, erased), so a change
 * that commits is never missed and one that rolls back leaves nothing behind.
 */
export async function markCalendarChanged(
  trx: Trx,
  meetingIds: readonly string[],
  now: Date,
): Promise<void> {
  if (meetingIds.length === 0) return;
  const at = now.toISOString();
  await trx
    .insertInto("calendar_sync")
    .values(meetingIds.map((id) => ({ meeting_id: id, generation: 1, next_attempt_at: at })))
    .onConflict((oc) =>
      oc.column("meeting_id").doUpdateSet((eb) => ({
        generation: eb("calendar_sync.generation", "+", 1),
        next_attempt_at: at,
        attempts: 0,
      })),
    )
    .execute();
}

/** The meetings of these leads, marked as changed before the leads (and they) are deleted. */
export async function markLeadMeetingsChanged(trx: Trx, leadId: string, now: Date) {
  const meetings = await trx
    .selectFrom("meetings")
    .select("id")
    .where("lead_id", "=", leadId)
    .execute();
  await markCalendarChanged(
    trx,
    meetings.map((m) => m.id),
    now,
  );
}

const unleased = (at: string) => (eb: ExpressionBuilder<Database, "calendar_sync">) =>
  eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]);

/** Meetings whose calendar copy is behind, due now and not held by another pass. */
export async function dueCalendarSyncs(db: Db, now: Date, limit = 20) {
  const at = now.toISOString();
  return db
    .selectFrom("calendar_sync")
    .select(["meeting_id as meetingId", "attempts"])
    .where((eb) => eb("synced_generation", "<", eb.ref("generation")))
    .where("next_attempt_at", "<=", at)
    .where(unleased(at))
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
}

/**
 * Takes a lease on a meeting's sync, so one instance at a time writes its copy (two writers
 * could otherwise land a stale PUT after a DELETE); answers the generation it is to write, or
 * null when another pass got it first.
 */
export async function claimCalendarSync(
  db: Db,
  meetingId: string,
  now: Date,
  leaseMs: number,
): Promise<number | null> {
  const at = now.toISOString();
  const claimed = await db
    .updateTable("calendar_sync")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("meeting_id", "=", meetingId)
    .where(unleased(at))
    .returning("generation")
    .executeTakeFirst();
  return claimed ? Number(claimed.generation) : null;
}

/**
 * The calendar now shows the meeting as it was at `generation`. A change made meanwhile has
 * raised the generation past it, so the row stays due and the newer state is written next.
 * Once an erased meeting's copy is gone, its row goes too.
 */
export async function markCalendarSynced(
  db: Db,
  meetingId: string,
  generation: number,
  { gone }: { gone: boolean },
): Promise<void> {
  await db
    .updateTable("calendar_sync")
    .set({ synced_generation: generation, locked_until: null, attempts: 0, last_error: null })
    .where("meeting_id", "=", meetingId)
    .execute();
  if (gone)
    await db
      .deleteFrom("calendar_sync")
      .where("meeting_id", "=", meetingId)
      .where("generation", "=", generation)
      .execute();
}

/** A failed write: tried again later, backing off up to an hour, never given up on. */
export async function markCalendarSyncFailed(
  db: Db,
  meetingId: string,
  attempts: number,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("calendar_sync")
    .set({
      attempts: attempts + 1,
      next_attempt_at: new Date(now.getTime() + backoffMs(attempts + 1)).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where("meeting_id", "=", meetingId)
    .execute();
}

/** How many meetings' copies are behind (for /metrics and the tests). */
export async function countCalendarBacklog(db: Db): Promise<number> {
  const row = await db
    .selectFrom("calendar_sync")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where((eb) => eb("synced_generation", "<", eb.ref("generation")))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
