import type { FastifyRequest } from "fastify";

/** The parsed body as a record, or an empty one: handlers then validate each field themselves. */
export const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
