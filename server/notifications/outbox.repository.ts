import type { ExpressionBuilder, Transaction } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/** All SQL for the outbox: work queued in a write's own transaction, done after its commit. */

export const maxAttempts = 10;
export const leaseMs = 2 * 60 * 1000;

/** 30 s, 1 min, 2 min, … capped at an hour between attempts. */
export const backoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/**
 * Queues a message of one kind, in the transaction of the write it tells of (or on its own),
 * due at `due` (now unless said). With a `dedupeKey`, the (kind, key) index makes queueing the
 * same message again (a retry, a restart, a second instance) a no-op. Resolves to whether this
 * call queued it.
 */
export async function enqueueOutbox(
  db: Db | Transaction<Database>,
  {
    kind,
    leadId,
    dedupeKey,
    payload,
    now,
    due = now,
  }: {
    kind: string;
    /** The lead the message is about: erasing the lead takes its queued messages along. */
    leadId: string | null;
    dedupeKey: string | null;
    payload: object;
    now: Date;
    due?: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto("outbox")
    .values({
      id: uuidv7(now.getTime()),
      kind,
      lead_id: leadId,
      dedupe_key: dedupeKey,
      payload: JSON.stringify(payload),
      next_attempt_at: due.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["kind", "dedupe_key"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export type OutboxRow = {
  id: string;
  kind: string;
  lead_id: string | null;
  payload: string;
  attempts: number;
};

const unleased = (at: string) => (eb: ExpressionBuilder<Database, "outbox">) =>
  eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]);

/** Rows due now, oldest first, that no one holds a lease on. */
export async function dueOutboxRows(db: Db, now: Date, limit = 20): Promise<OutboxRow[]> {
  const at = now.toISOString();
  return db
    .selectFrom("outbox")
    .select(["id", "kind", "lead_id", "payload", "attempts"])
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", at)
    .where("attempts", "<", maxAttempts)
    .where(unleased(at))
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Takes a lease on a row; false when another pass or instance got it first. */
export async function claimOutboxRow(
  db: Db,
  id: string,
  now: Date,
  lease = leaseMs,
): Promise<boolean> {
  const at = now.toISOString();
  const claimed = await db
    .updateTable("outbox")
    .set({ locked_until: new Date(now.getTime() + lease).toISOString() })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .where(unleased(at))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Done: sent, or (`note`) nothing needed sending. */
export async function markOutboxSent(
  db: Db,
  id: string,
  now = new Date(),
  note: string | null = null,
): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ sent_at: now.toISOString(), locked_until: null, last_error: note })
    .where("id", "=", id)
    .execute();
}

/** Records a failed attempt and when to try again; `giveUp`: never (a permanent refusal). */
export async function markOutboxFailed(
  db: Db,
  row: OutboxRow,
  error: string,
  now: Date,
  { giveUp = false }: { giveUp?: boolean } = {},
): Promise<void> {
  const attempts = giveUp ? Math.max(maxAttempts, row.attempts + 1) : row.attempts + 1;
  await db
    .updateTable("outbox")
    .set({
      attempts,
      next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where("id", "=", row.id)
    .execute();
}
