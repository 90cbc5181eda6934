import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";

/** `GET /api/settings`: the owner's clock, for what the admin screens call today. */
export async function settingsRoutes(app: FastifyInstance) {
  const { timeZone, digestHour } = app.config;
  typed(app).route({
    ...endpoints.settings,
    handler: async () => ({ timeZone, today: todayIn(timeZone, app.clock()), digestHour }),
  });
}
