import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { filtersFor } from "../../domain/lead-filters.ts";
import { pipelineFiltersOf } from "../../domain/pipeline.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { pipelineBoard } from "./pipeline.repository.ts";

/** `GET /api/pipeline`: the board (registered in the admin scope). */
export async function pipelineRoutes(app: FastifyInstance) {
  const { currency, staleDays } = app.config;
  typed(app).route({
    ...endpoints.pipeline,
    handler: async (request) => {
      const { closedDays, ...asked } = pipelineFiltersOf(request.query);
      const filters = filtersFor(asked, actorOf(request).id);
      const closedSince = new Date(app.clock().getTime() - closedDays * 86_400_000);
      return {
        currency,
        staleDays,
        closedDays,
        columns: await pipelineBoard(app.db, { filters, closedSince }),
      };
    },
  });
}
