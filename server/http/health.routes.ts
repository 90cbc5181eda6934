import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import { databaseAnswers, redisAnswers } from "./readiness.ts";

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: this instance can serve,
 * which is what a load balancer routes by). Readiness follows the database alone: Redis is
 * reported but does not decide, and so is the owner's calendar (CALDAV_URL), since without it everything but sign-in still serves. The
 * reason for a 503 goes to the log, never to the caller.
 */
export async function healthRoutes(app: FastifyInstance) {
  const api = typed(app);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  api.route({ ...endpoints.health, handler: async () => ({ status: "ok" as const }) });

  api.route({
    ...endpoints.ready,
    handler: async (request, reply) => {
      const { db, redis, busyTimes } = app;
      const [databaseUp, redisUp] = await Promise.all([
        databaseAnswers(db).then(
          () => true,
          (error: unknown) => {
            request.log.warn({ err: error }, "not ready: the database does not answer");
            return false;
          },
        ),
        redis &&
          redisAnswers(redis).then(
            () => true,
            (error: unknown) => {
              request.log.warn({ err: error }, "redis does not answer: sign-in refuses meanwhile");
              return false;
            },
          ),
      ]);
      if (!databaseUp)
        return reply
          .code(503)
          .send({ status: "unavailable" as const, message: "Not ready to serve." });
      return {
        status: "ready" as const,
        ...(redis ? { redis: redisUp ? ("up" as const) : ("down" as const) } : {}),
        // The calendar's last read, never a new one: a calendar that hangs cannot slow the
        // probe, and its state never takes the instance out of the balancer.
        ...(busyTimes ? { calendar: busyTimes.status() } : {}),
      };
    },
  });
}
