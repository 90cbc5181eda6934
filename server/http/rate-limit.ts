import rateLimit from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { unavailableText } from "../db/unavailable.ts";
import { withinTime } from "../within-time.ts";
import type { SharedCounter } from "./limit-counters.ts";

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
/** What @fastify/rate-limit asks of a store (its documented `store` option). */
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
};

/** The options a route's limit is created with (the plugin passes them to `child`). */
type LimitParams = {
  routeInfo?: { method?: string | string[]; url?: string };
  name?: string;
  failOpen?: boolean;
};

/** The error a fail-closed limit answers with while its shared store does not answer. */
export const limitStoreDown = "LIMIT_STORE_UNAVAILABLE";

/**
 * How long a request waits for the shared store's count. A store that hangs must not hold
 * every limited route as long as it does: after this, the limit decides without it.
 */
export const limitStoreWaitMs = 1_000;

/**
 * The store of every limit, over a counter: in memory (one process), or shared by every
 * instance (PostgreSQL or Redis). Each route's limit counts under its own name, so the contact
 * form and sign-in never share a count. Each request is told its own count. When the store does not
 * answer within limitStoreWaitMs, a limit that guards accounts (sign-in, sign-up, refresh)
 * fails closed with a 503, and one in front of the contact form fails open: a lead is worth
 * more than a limit. Either way it is logged, at most every 30 s.
 */
function sharedStore(counter: SharedCounter, log: FastifyBaseLogger) {
  let lastWarned = 0;
  return class SharedStore implements Store {
    readonly #name: string;
    readonly #failOpen: boolean;
    constructor(params: LimitParams) {
      const route = params.routeInfo;
      this.#name = params.name ?? `${[route?.method ?? ""].flat().join(",")} ${route?.url ?? ""}`;
      this.#failOpen = Boolean(params.failOpen);
    }
    incr(key: string, cb: Callback, timeWindow: number) {
      this.#settle(
        withinTime(counter.hit(`${this.#name}|${key}`, timeWindow), limitStoreWaitMs),
        cb,
        timeWindow,
      );
    }
    read(key: string, cb: Callback, timeWindow: number) {
      this.#settle(
        withinTime(counter.peek(`${this.#name}|${key}`, timeWindow), limitStoreWaitMs),
        cb,
        timeWindow,
      );
    }
    child(routeOptions: object) {
      return new SharedStore(routeOptions as LimitParams);
    }
    #settle(pending: Promise<{ hits: number; ttlMs: number }>, cb: Callback, timeWindow: number) {
      pending.then(
        ({ hits, ttlMs }) => cb(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => {
          if (Date.now() - lastWarned > 30_000) {
            lastWarned = Date.now();
            log.warn(
              { err: error, limit: this.#name, failOpen: this.#failOpen },
              this.#failOpen
                ? "rate limits unavailable: letting requests through (fail open)"
                : "rate limits unavailable: refusing requests (fail closed)",
            );
          }
          if (this.#failOpen) return cb(null, { current: 0, ttl: timeWindow });
          cb(
            Object.assign(new Error(unavailableText), {
              statusCode: 503,
              code: limitStoreDown,
            }),
          );
        },
      );
    }
  };
}

/**
 * Rate limiting, registered once for the whole app (RATE_LIMIT=on) and opted into per route
 * with `config: limitPerWindow(n)`. With RATE_LIMIT=off the plugin is absent and the route
 * configs are inert. Rejections are Errors with status 429 so they pass through the error
 * handlers (the contact form turns them into a page); the plugin adds Retry-After. Limits key
 * on request.ip: the connection's address, or the client's behind a trusted proxy (TRUST_PROXY).
 * Counted by `counter`: in Redis or PostgreSQL, every instance counts in one place; in memory,
 * one process.
 */
export async function registerRateLimit(app: FastifyInstance, counter: SharedCounter) {
  // Expired counters are deleted as they lapse; any instance may do it.
  const sweeper = setInterval(() => {
    counter.sweep().catch((error: unknown) => app.log.debug({ err: error }, "sweep failed"));
  }, 60_000);
  sweeper.unref();
  app.addHook("onClose", async () => clearInterval(sweeper));
  await app.register(rateLimit, {
    global: false,
    store: sharedStore(counter, app.log) as unknown as never,
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(
          `Too many requests. Please try again in ${Math.ceil(context.ttl / 60000)} minute(s).`,
        ),
        { statusCode: 429 },
      ),
  });
}

export const tenMinutes = 10 * 60 * 1000;

/**
 * A route's limit. `failOpen`: when the shared store does not answer, let requests through
 * (the contact form) rather than refuse them (everything that guards an account).
 */
export const limitPerWindow = (
  max: number,
  timeWindow = tenMinutes,
  { failOpen = false }: { failOpen?: boolean } = {},
) => ({
  rateLimit: { max, timeWindow, ...(failOpen ? { failOpen } : {}) },
});

/** Unknown paths: a browser never needs 60 in a minute; a scanner looking for files does. */
export const notFoundLimit = { max: 60, timeWindow: 60 * 1000, name: "not-found", failOpen: true };
