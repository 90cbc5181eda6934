import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { sql } from "kysely";
import type { Db } from "./db/connect.ts";

/** A limit's key as stored: a hash, so no client address is kept anywhere. */
const hashed = (key: string) => createHash("sha256").update(key).digest("base64url");

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
 * start with `prefix` (REDIS_KEY_PREFIX), so several sites or test runs can share one Redis.
 */
export function redisCounter(redis: Redis, prefix = "fineline:"): SharedCounter {
  const keyOf = (key: string) => `${prefix}limit:${hashed(key)}`;
  return {
    async hit(key, windowMs) {
      const [hits, ttl] = (await redis.eval(hitScript, 1, keyOf(key), windowMs)) as [
        number,
        number,
      ];
      return { hits: Number(hits), ttlMs: Math.max(0, Number(ttl)) };
    },
    async peek(key, windowMs) {
      const [hits, ttl] = await Promise.all([redis.get(keyOf(key)), redis.pttl(keyOf(key))]);
      return hits === null
        ? { hits: 0, ttlMs: windowMs }
        : { hits: Number(hits), ttlMs: Math.max(0, ttl) };
    },
    sweep: async () => 0,
  };
}

/**
 * A Redis client that fails fast instead of queueing: a limit must be decided now (fail open
 * or closed), not after Redis comes back. It reconnects in the background.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

/**
 * Waits (at most `timeoutMs`) for the first connection, so the first requests after start are
 * not refused for want of one. Redis down at start is not fatal: /readyz says 503 until it
 * answers, and each limit fails open or closed meanwhile.
 */
export function firstConnection(redis: Redis, timeoutMs = 2_000): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once("ready", onReady);
  });
}
