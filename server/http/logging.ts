import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest, RawRequestDefaultExpression } from "fastify";
import type { LogLevel } from "../config.ts";

/** Headers whose values must never reach a log line. */
export const redactedHeaders = ["authorization", "cookie", "x-access-token", "set-cookie"];

/** A request's route as logged: the pattern it matched (`/api/booking/:token`), never its URL. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? "(no route)";

/**
 * Fastify's logger: JSON lines (pino) at LOG_LEVEL. A request is logged by its method, the
 * route pattern it matched, its status and how long it took; never by the client's address,
 * its path or its query (a search `?q=` is a person's name, a link can carry a token, and an
 * address with the time of a page view would name the visitor a visit counted anonymously:
 * docs/operations.md, "Logs"). Secrets never reach a line either: the headers above and the
 * body fields that carry passwords or tokens are redacted wherever they are logged.
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
      req: (request: FastifyRequest) => ({ method: request.method, route: routeOf(request) }),
      // The completed line names its request too, so one line says what happened. (Fastify
      // sometimes hands over only the status.)
      res: (reply: Partial<FastifyReply> & Pick<FastifyReply, "statusCode">) => ({
        statusCode: reply.statusCode,
        ...(reply.request && { method: reply.request.method, route: routeOf(reply.request) }),
      }),
    },
  };
}

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
