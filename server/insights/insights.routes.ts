import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { insightsRange } from "../../domain/insights.ts";
import { typed } from "../api/contracts.ts";
import { insightsFor } from "./insights.repository.ts";

/** `GET /api/insights` (registered in the admin scope). */
export async function insightsRoutes(app: FastifyInstance) {
  const { timeZone, currency } = app.config;
  typed(app).route({
    ...endpoints.insights,
    handler: async (request, reply) => {
      const range = insightsRange(request.query, todayIn(timeZone, app.clock()));
      if ("error" in range) return reply.code(400).send({ message: range.error });
      return reply.send(await insightsFor(app.db, { ...range, timeZone, currency }));
    },
  });
}
