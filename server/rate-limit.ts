import { createRequire } from "node:module";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): Store;
};

const LocalStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store = createRequire(import.meta.url)("@fastify/rate-limit/store/LocalStore");

/**
 * @fastify/rate-limit's in-memory store hands every caller the same live counter object and
 * the plugin reads it after an `await`: requests arriving together all see the final count,
 * so a burst of 11 from one address was refused whole instead of 10 let through. Each caller
 * here gets its own snapshot of the count its request made.
 */
class SnapshotStore implements Store {
  readonly #inner: Store;
  constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean } | Store) {
    this.#inner =
      "incr" in options
        ? options
        : new LocalStore(Boolean(options.continueExceeding), Boolean(options.exponentialBackoff));
  }
  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.#inner.incr(key, (error, result) => cb(error, result && { ...result }), timeWindow, max);
  }
  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.#inner.read(key, (error, result) => cb(error, result && { ...result }), timeWindow, max);
  }
  child(routeOptions: object) {
    return new SnapshotStore(this.#inner.child(routeOptions));
  }
}

/**
 * Rate limiting, registered once for the whole app (RATE_LIMIT=on) and opted into per route
 * with `config: limitPerWindow(n)`. With RATE_LIMIT=off the plugin is absent and the route
 * configs are inert. Rejections are Errors with status 429 so they pass through the error
 * handlers (the contact form turns them into a page); the plugin adds Retry-After. Limits key
 * on request.ip: the connection's address, or the client's behind a trusted proxy (TRUST_PROXY).
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: SnapshotStore as unknown as never,
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

export const limitPerWindow = (max: number, timeWindow = tenMinutes) => ({
  rateLimit: { max, timeWindow },
});

/** Unknown paths: a browser never needs 60 in a minute; a scanner looking for files does. */
export const notFoundLimit = { max: 60, timeWindow: 60 * 1000 };
