import { createHmac } from "node:crypto";
import { PostgresAdapter, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { addressGroup } from "./client-address.ts";

/**
 * Caps per client: how many upcoming calls, or seats of one event, one client may hold
 * (docs/booking.md, docs/events.md). Like every per-client limit they are rate limits, so
 * RATE_LIMIT=off turns them off. A client is its address (an IPv6 one by its /64), kept on
 * the row it made as an HMAC under a key derived from the server's key: never the address,
 * and not reversible by trying every address without the key.
 */

export type ClientKeyOf = (ip: string) => string;

export function clientKeys(signingKey: Uint8Array): ClientKeyOf {
  const key = createHmac("sha256", signingKey).update("client-caps").digest();
  return (ip) => createHmac("sha256", key).update(addressGroup(ip)).digest("base64url");
}

/**
 * Makes counting and writing under a cap one step for these keys: PostgreSQL runs
 * transactions side by side, so two bookings from one client could each count two and both
 * write a third; a transaction-scoped advisory lock per key puts them in turn, across
 * instances. Keys are locked in one order, so two transactions never wait on each other.
 * SQLite runs one write transaction at a time already.
 */
export async function holdClientKeys(
  trx: Transaction<Database>,
  keys: readonly string[],
): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const key of [...new Set(keys)].sort())
    await sql`select pg_advisory_xact_lock(hashtextextended(${`cap:${key}`}, 0))`.execute(trx);
}

/**
 * How long a client over a cap is asked to wait: one fixed hour. A cap lifts when something
 * is freed (a call canceled or begun, seats given back), which no one can foretell, and a
 * time worked out from the client's calls would tell whoever types an e-mail address when
 * that person's call is (docs/booking.md, "Limits per client").
 */
export const overCapRetryAfterSeconds = 60 * 60;

/** Refused by a cap: the answer's message and how long until it may be tried again. */
export class OverCap extends Error {
  override name = "OverCap";
  readonly retryAfterSeconds = overCapRetryAfterSeconds;
}
