import { randomUUID } from "node:crypto";
import type { FastifyRequest, RawRequestDefaultExpression } from "fastify";
import type { LogLevel } from "../config.ts";

/** Headers whose values must never reach a log line. */
export const redactedHeaders = ["authorization", "cookie", "x-access-token", "set-cookie"];

/**
 * Fastify's logger: JSON lines (pino) at LOG_LEVEL. Secrets never reach a line: the headers
 * above and the body fields that carry passwords or tokens are redacted, and a request is
 * logged by its path without the query (a search `?q=` is a person's name; a link can carry a
 * token).
 */
export function loggerOptions(level: LogLevel) {
  if (level === "silent") return false;
  return {
    level,
    redact: {
      paths: [
        ...redactedHeaders.map((header) => `req.headers["${header}"]`),
        "req.body.password",
        "req.body.refresh",
        "req.body.refreshToken",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedPath(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Paths whose segment after `booking/` is a manage token (`/booking/{token}`,
 * `/api/booking/{token}/cancel`), or after `registration/` a guest's link (`/registration/
 * {token}`, `/api/registrations/{token}/cancel`): the token is a key to someone's booking or
 * seats, so it is masked.
 */
const bookingToken = /^(\/(?:api\/)?booking\/)(?!slots$|availability$|prefill$)[^/]+/;
const registrationToken = /^(\/registration\/|\/api\/registrations\/)[^/]+/;

/** A request's path as logged: no query, and no token in it. */
export const loggedPath = (url: string) =>
  (url.split("?")[0] ?? "")
    .replace(bookingToken, "$1[token]")
    .replace(registrationToken, "$1[token]");

/** A request id a proxy may hand us: letters, digits, dot, dash, underscore; 8 to 64 of them. */
const requestIdShape = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Every request's id, in each of its log lines and in its X-Request-Id response header, so a
 * user's report can be matched to the log. A proxy's id is kept when it is a plain token (it
 * then ties the proxy's log to ours); anything else gets a fresh UUID.
 */
export function requestIdOf(request: RawRequestDefaultExpression): string {
  const offered = request.headers["x-request-id"];
  return typeof offered === "string" && requestIdShape.test(offered) ? offered : randomUUID();
}
