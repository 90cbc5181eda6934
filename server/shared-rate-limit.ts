import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "./db/connect.ts";

/** What a limit needs from a store shared by every instance: count one hit, or read the count. */
export type SharedCounter = {
  /** Counts a hit for `key` in a window of `windowMs`; the count so far and the time left. */
  hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }>;
  /** The count without adding to it. */
  peek(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }>;
  /** Deletes expired counters; returns how many. */
  sweep(): Promise<number>;
};

/**
 * Counters in PostgreSQL: one row per limit and client, bumped by one atomic upsert, and timed
 * by the database's clock, so instances whose clocks disagree still share one window. The key
 * is hashed: no client address is stored.
 */
export function postgresCounter(db: Db): SharedCounter {
  const hashed = (key: string) => createHash("sha256").update(key).digest("base64url");
  return {
    async hit(key, windowMs) {
      const { rows } = await sql<{ hits: number; ttl_ms: number }>`
        insert into rate_limit_counters as c (key, hits, reset_at)
        values (${hashed(key)}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.reset_at <= clock_timestamp() then 1 else c.hits + 1 end,
          reset_at = case when c.reset_at <= clock_timestamp() then excluded.reset_at else c.reset_at end
        returning hits, greatest(0, extract(epoch from reset_at - clock_timestamp()) * 1000)::float8 as ttl_ms`.execute(
        db,
      );
      const row = rows[0];
      return { hits: Number(row?.hits ?? 1), ttlMs: Math.ceil(Number(row?.ttl_ms ?? windowMs)) };
    },
    async peek(key, windowMs) {
      const { rows } = await sql<{ hits: number; ttl_ms: number }>`
        select hits, extract(epoch from reset_at - clock_timestamp()) * 1000 as ttl_ms
        from rate_limit_counters where key = ${hashed(key)} and reset_at > clock_timestamp()`.execute(
        db,
      );
      const row = rows[0];
      return row
        ? { hits: Number(row.hits), ttlMs: Math.ceil(Number(row.ttl_ms)) }
        : { hits: 0, ttlMs: windowMs };
    },
    async sweep() {
      const result =
        await sql`delete from rate_limit_counters where reset_at < clock_timestamp()`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
