import type { Redis } from "ioredis";
import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { withinTime } from "../within-time.ts";

/**
 * Resolves when this instance can serve (GET /readyz), rejects otherwise: its database answers a trivial query within
 * the time a load balancer's probe allows. A database that hangs counts as down, so a probe
 * never piles up behind a stuck pool.
 */
export async function databaseAnswers(db: Db, timeoutMs = 2_000): Promise<void> {
  await withinTime(sql`select 1`.execute(db), timeoutMs);
}

/** The same for the shared rate-limit store, when it is Redis. */
export async function redisAnswers(redis: Redis, timeoutMs = 2_000): Promise<void> {
  await withinTime(redis.ping(), timeoutMs);
}
