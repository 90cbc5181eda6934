import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/connect.ts";

/**
 * All SQL for login throttling. Failed attempts are counted per account and address, so an
 * attacker slows down only their own guesses at that account: the owner, anywhere else, is
 * never locked out. Rows are keyed by a hash, so neither the e-mail nor the address is stored.
 */

/** Failures allowed without any wait; the next ones wait 1 s, 2 s, 4 s, … */
export const freeFailures = 4;
export const maxBlockMs = 15 * 60 * 1000;
/** A pair quiet for this long starts again from zero (and its row is deleted). */
export const forgetAfterMs = 24 * 60 * 60 * 1000;

export const blockMs = (failures: number) =>
  failures <= freeFailures ? 0 : Math.min(1000 * 2 ** (failures - freeFailures - 1), maxBlockMs);

export const throttleKey = (email: string, address: string) =>
  createHash("sha256").update(`${email.trim().toLowerCase()}\n${address}`).digest("hex");

/** Whether attempts for this pair must wait now. */
export async function isThrottled(db: Db, key: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("login_throttle")
    .select("blocked_until")
    .where("key", "=", key)
    .executeTakeFirst();
  return Boolean(row?.blocked_until && new Date(row.blocked_until).getTime() > now.getTime());
}

/**
 * Counts one failed (or throttled) attempt, atomically: concurrent attempts each add one, and
 * the wait only ever grows. Returns the pair's failure count.
 */
export async function recordFailure(db: Db, key: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - forgetAfterMs).toISOString();
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, blocked_until: null, updated_at: at })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when login_throttle.updated_at < ${stale} then 1 else login_throttle.failures + 1 end`,
        updated_at: at,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  const failures = Number(row.failures);
  const wait = blockMs(failures);
  if (wait > 0) {
    const until = new Date(now.getTime() + wait).toISOString();
    await db
      .updateTable("login_throttle")
      .set({ blocked_until: until })
      .where("key", "=", key)
      .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", until)]))
      .execute();
  }
  if (failures === 1) await forgetQuietPairs(db, now);
  return failures;
}

/** A successful login clears its pair. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}

async function forgetQuietPairs(db: Db, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - forgetAfterMs).toISOString();
  await db.deleteFrom("login_throttle").where("updated_at", "<", stale).execute();
}
