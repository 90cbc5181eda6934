import type { FastifyError, FastifyInstance } from "fastify";
import {
  databaseTrouble,
  unavailableRetryAfterSeconds,
  unavailableText,
} from "../db/unavailable.ts";
import { limitStoreDown, notFoundLimit } from "./rate-limit.ts";

/**
 * The one error policy (fastify/demo's): a 4xx passes its message through, a database that
 * did not answer is an honest 503 the client may retry, and anything else is logged with its
 * context and masked as a 500. Unknown paths get a plain 404, limited like every route (a
 * scanner probing for files is limited like everyone else).
 */
export function registerErrorHandlers(app: FastifyInstance, { rateLimit }: { rateLimit: boolean }) {
  app.setNotFoundHandler(
    rateLimit ? { preHandler: app.rateLimit(notFoundLimit) } : {},
    (request, reply) => {
      const json = request.url.startsWith("/api") || request.method !== "GET";
      reply.code(404);
      return json
        ? { message: "Not found." }
        : reply.type("text/plain; charset=utf-8").send("Not found.");
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (error.code === limitStoreDown) {
      reply.header("Retry-After", "60");
      return reply.code(503).send({ message: error.message });
    }
    const trouble = status >= 500 ? databaseTrouble(error) : null;
    if (trouble) {
      request.log.warn({ err: error, trouble }, "request failed: the database did not answer");
      reply.header("Retry-After", String(unavailableRetryAfterSeconds));
      return reply.code(503).send({ message: unavailableText });
    }
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .code(status)
        .send({ message: "Something went wrong on our side. Please try again." });
    }
    request.log.info({ err: error }, "request rejected");
    return reply.code(status).send({ message: error.message });
  });
}
