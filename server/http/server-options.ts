import type { Server } from "node:http";
import type { FastifyHttpOptions } from "fastify";
import { firstProblem } from "../api/contracts.ts";
import type { Config } from "../config.ts";
import { loggerOptions, requestIdOf } from "./logging.ts";
import { trustProxyOption } from "./proxy-trust.ts";

/**
 * How long a client may take. A request (headers and body) must arrive within
 * `requestTimeout`: without it, a client sending a byte every few seconds holds a connection
 * for ever (slowloris). Node checks for late requests every `checkIntervalMs`.
 */
export const defaultTimeouts = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 2_000,
});
export type Timeouts = Record<keyof typeof defaultTimeouts, number>;

/** The Fastify instance's options: logging, request ids, limits, proxies, timeouts. */
export function serverOptions(config: Config, timeouts: Timeouts): FastifyHttpOptions<Server> {
  return {
    logger: loggerOptions(config.logLevel),
    genReqId: requestIdOf,
    // Bodies are small JSON or form posts; anything bigger is a mistake or an attack.
    bodyLimit: 64 * 1024,
    // Off unless configured: request.ip (and so every rate limit) is the connection's address.
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // A body with "__proto__" or "constructor.prototype" is refused, not cleaned.
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    schemaErrorFormatter: firstProblem,
  };
}
