import { createHmac } from "node:crypto";
import { PostgresAdapter } from "kysely";
import type { Db } from "../db/connect.ts";
import { addressGroup } from "../http/client-address.ts";

/**
 * All SQL for login throttling. Attempts are counted per account and address, so an attacker
 * slows down only their own guesses at that account: the owner, anywhere else, is never locked
 * out. Each attempt is counted, and its fate decided, in one transaction that holds the pair's
 * row, before the password is checked: a burst of guesses sent together is decided one by one.
 */

/** Attempts allowed without any wait; after the fifth the pair waits 1 s, then 2 s, 4 s, … */
export const freeAttempts = 4;
export const maxBlockMs = 15 * 60 * 1000;
/** A pair quiet for this long starts again from zero (and its row is deleted). */
export const forgetAfterMs = 24 * 60 * 60 * 1000;

/** How long a pair must wait after its n-th attempt since the last success. */
export const blockMs = (attempts: number) =>
  attempts <= freeAttempts ? 0 : Math.min(1000 * 2 ** (attempts - freeAttempts - 1), maxBlockMs);

/**
 * The pair's key: an HMAC with the server's key, so the table holds neither the e-mail nor the
 * address, and cannot be reversed by trying every address for a known e-mail.
 */
export const throttleKey = (secret: Uint8Array, email: string, address: string) =>
  createHmac("sha256", secret)
    .update(`login-throttle\n${email.trim().toLowerCase()}\n${addressGroup(address)}`)
    .digest("hex");

/**
 * Counts one attempt for the pair and says whether it may be checked now. An attempt inside a
 * wait is refused and not counted (it neither shortens nor lengthens the wait); an allowed one
 * starts the wait its number calls for, which a success then clears.
 */
export async function takeAttempt(db: Db, key: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("login_throttle")
      .values({ key, attempts: 0, blocked_until: null, updated_at: at })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    // The row is held until the decision is written: on PostgreSQL by this lock, on SQLite by
    // the write lock every transaction here takes (BEGIN IMMEDIATE).
    const base = trx.selectFrom("login_throttle").selectAll().where("key", "=", key);
    const row = await (postgres ? base.forUpdate() : base).executeTakeFirstOrThrow();
    if (row.blocked_until && new Date(row.blocked_until).getTime() > now.getTime()) return false;
    const quiet = now.getTime() - new Date(row.updated_at).getTime() > forgetAfterMs;
    const attempts = (quiet ? 0 : Number(row.attempts)) + 1;
    const wait = blockMs(attempts);
    await trx
      .updateTable("login_throttle")
      .set({
        attempts,
        blocked_until: wait ? new Date(now.getTime() + wait).toISOString() : null,
        updated_at: at,
      })
      .where("key", "=", key)
      .execute();
    if (attempts === 1) {
      const stale = new Date(now.getTime() - forgetAfterMs).toISOString();
      await trx.deleteFrom("login_throttle").where("updated_at", "<", stale).execute();
    }
    return true;
  });
}

/** A successful login clears its pair. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
