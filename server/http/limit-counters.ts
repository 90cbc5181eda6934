import { createHmac } from "node:crypto";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import type { Config } from "../config.ts";
import type { DatabaseHandle, Db } from "../db/connect.ts";

/** How a limit's key (its name and the client's address) is stored. */
export type LimitKeyOf = (key: string) => string;

/**
 * A limit's key as stored: HMAC(day key, key), the day key being HMAC(server's signing key,
 * the UTC day). A plain hash of an address is undone by hashing all four billion IPv4
 * addresses (a fraction of a second); without the server's key nothing can be tried, and
 * keys of two days cannot be linked. A window running over midnight UTC starts again at
 * midnight, under the new day's key (docs/operations.md, "Limits and timeouts").
 */
export function limitKeys(signingKey: Uint8Array, now: () => Date = () => new Date()): LimitKeyOf {
  let day = "";
  let dayKey = Buffer.alloc(0);
  return (key) => {
    const today = now().toISOString().slice(0, 10);
    if (today !== day) {
      dayKey = createHmac("sha256", signingKey).update(`rate-limit\n${today}`).digest();
      day = today;
    }
    return createHmac("sha256", dayKey).update(key).digest("base64url");
  };
}

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
 * is keyed (`keyOf`, limitKeys): no client address is stored.
 */
export function postgresCounter(db: Db, keyOf: LimitKeyOf): SharedCounter {
  return {
    async hit(key, windowMs) {
      const { rows } = await sql<{ hits: number; ttl_ms: number }>`
        insert into rate_limit_counters as c (key, hits, reset_at)
        values (${keyOf(key)}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
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
        from rate_limit_counters where key = ${keyOf(key)} and reset_at > clock_timestamp()`.execute(
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

/**
 * INCR and, for the window's first hit, PEXPIRE, in one atomic script: Redis times the window,
 * so instances whose clocks disagree share it. Returns the count and the milliseconds left.
 */
const hitScript = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;

/**
 * Counters in Redis (REDIS_URL): keys expire by themselves, so there is nothing to sweep. Keys
 * start with `prefix` (REDIS_KEY_PREFIX), so several sites or test runs can share one Redis,
 * and end with the limit's key as `keyOf` (limitKeys) makes it: no client address.
 */
export function redisCounter(redis: Redis, keyOf: LimitKeyOf, prefix = "fineline:"): SharedCounter {
  const redisKey = (key: string) => `${prefix}limit:${keyOf(key)}`;
  return {
    async hit(key, windowMs) {
      const [hits, ttl] = (await redis.eval(hitScript, 1, redisKey(key), windowMs)) as [
        number,
        number,
      ];
      return { hits: Number(hits), ttlMs: Math.max(0, Number(ttl)) };
    },
    async peek(key, windowMs) {
      const stored = redisKey(key);
      const [hits, ttl] = await Promise.all([redis.get(stored), redis.pttl(stored)]);
      return hits === null
        ? { hits: 0, ttlMs: windowMs }
        : { hits: Number(hits), ttlMs: Math.max(0, ttl) };
    },
    sweep: async () => 0,
  };
}

/**
 * Counters in this process's memory, for one process (SQLite): each hit gets its own count
 * (never a shared, live object a later hit changes under it), windows end by the clock, and
 * the oldest keys go first once `maxKeys` are kept, so a flood of addresses cannot fill memory.
 * Keyed like the shared stores (`keyOf`), so no store holds an address, even for a minute.
 */
export function memoryCounter(
  keyOf: LimitKeyOf,
  { maxKeys = 10_000 }: { maxKeys?: number } = {},
): SharedCounter {
  const counts = new Map<string, { hits: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const count = counts.get(key);
    return count && count.resetAt > now ? count : undefined;
  };
  return {
    async hit(raw, windowMs) {
      const key = keyOf(raw);
      const now = Date.now();
      const count = live(key, now) ?? { hits: 0, resetAt: now + windowMs };
      count.hits += 1;
      // Delete first, so the key counts as the newest when the oldest are dropped.
      counts.delete(key);
      counts.set(key, count);
      for (const oldest of counts.keys()) {
        if (counts.size <= maxKeys) break;
        counts.delete(oldest);
      }
      return { hits: count.hits, ttlMs: count.resetAt - now };
    },
    async peek(raw, windowMs) {
      const now = Date.now();
      const count = live(keyOf(raw), now);
      return count
        ? { hits: count.hits, ttlMs: count.resetAt - now }
        : { hits: 0, ttlMs: windowMs };
    },
    async sweep() {
      const now = Date.now();
      let swept = 0;
      for (const [key, count] of counts)
        if (count.resetAt <= now) {
          counts.delete(key);
          swept++;
        }
      return swept;
    },
  };
}

/**
 * Where the limits count. Several instances share their counts: in Redis when REDIS_URL is set,
 * else in PostgreSQL; SQLite's one process keeps them in memory. Every store keys its counts by
 * an HMAC that changes each UTC day (limitKeys).
 */
export function sharedCounterFor({
  redis,
  database,
  keyOf,
  config,
}: {
  redis: Redis | null;
  database: DatabaseHandle;
  keyOf: LimitKeyOf;
  config: Pick<Config, "redisKeyPrefix">;
}): SharedCounter {
  if (redis) return redisCounter(redis, keyOf, config.redisKeyPrefix);
  return database.engine === "postgres"
    ? postgresCounter(database.db, keyOf)
    : memoryCounter(keyOf);
}
