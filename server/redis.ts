import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

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

/**
 * The shared Redis of REDIS_URL, connected and watched: a lost connection is logged (at most
 * every 30 s) and retried in the background. Redis down at start is not fatal: the limits that
 * guard accounts refuse meanwhile, /readyz says "redis":"down", and everything else serves.
 */
export async function openSharedRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = connectRedis(url);
  let lastWarned = 0;
  redis.on("error", (error: Error) => {
    if (Date.now() - lastWarned < 30_000) return;
    lastWarned = Date.now();
    log.warn({ err: error }, "redis: connection failed; limits fail open or closed per route");
  });
  if (!(await firstConnection(redis)))
    log.warn("redis: not connected yet; sign-in refuses until it is (/readyz says redis down)");
  return redis;
}
