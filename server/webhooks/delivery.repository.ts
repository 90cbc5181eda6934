import type { ExpressionBuilder } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { AttemptRecord } from "./webhooks.repository.ts";

/**
 * The delivery queue's SQL: due rows, a lease taken by compare-and-set (so two passes or two
 * instances never send the same delivery at once), and each attempt's outcome written only by
 * the holder of the lease it was sent under.
 */

export type DueDelivery = {
  id: string;
  webhook_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  attempt_log: string;
};

const unleased = (at: string) => (eb: ExpressionBuilder<Database, "webhook_deliveries">) =>
  eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]);

export async function dueDeliveries(db: Db, now: Date, limit = 20): Promise<DueDelivery[]> {
  const at = now.toISOString();
  return db
    .selectFrom("webhook_deliveries")
    .select(["id", "webhook_id", "event_type", "payload", "attempts", "attempt_log"])
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where(unleased(at))
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** The lease's end when this call took it, or null when someone else holds the row. */
export async function claimDelivery(
  db: Db,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<string | null> {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const claimed = await db
    .updateTable("webhook_deliveries")
    .set({ locked_until: until })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where(unleased(now.toISOString()))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? until : null;
}

/**
 * Writes an attempt's outcome under the lease it was claimed with: `next` is when to try
 * again, or null when the delivery is done (`status`). False when the lease was lost.
 */
export async function recordAttempt(
  db: Db,
  row: DueDelivery,
  lease: string,
  outcome: {
    attempt: AttemptRecord | null;
    status: "pending" | "delivered" | "failed" | "skipped";
    next: Date | null;
  },
): Promise<boolean> {
  const log = JSON.parse(row.attempt_log) as AttemptRecord[];
  if (outcome.attempt) log.push(outcome.attempt);
  const written = await db
    .updateTable("webhook_deliveries")
    .set({
      status: outcome.status,
      attempts: row.attempts + (outcome.attempt ? 1 : 0),
      attempt_log: JSON.stringify(log),
      ...(outcome.next ? { next_attempt_at: outcome.next.toISOString() } : {}),
      locked_until: null,
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .where("locked_until", "=", lease)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}
