import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import type { MailboxReadiness } from "../../domain/mailbox.ts";
import { typed } from "../api/contracts.ts";
import { databaseAnswers, redisAnswers } from "./readiness.ts";

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: this instance can serve,
 * which is what a load balancer routes by). Readiness follows the database and the build:
 * Redis is reported but does not decide, and so is the owner's calendar (CALDAV_URL), since without it everything but sign-in still serves. The
 * reason for a 503 goes to the log, never to the caller, save one that names no internals:
 * the build this server serves is incomplete or gone, so every page would be a 404
 * (docs/decisions/028-builds-a-live-server-serves.md).
 */
/** What readiness asks of the build being served (server/site/served-build.ts makes it). */
export type BuildCheck = {
  readonly dir: string;
  /** The first file of a complete build missing now, or null. */
  missingFile: () => Promise<string | null>;
};

export type HealthOptions = {
  build: BuildCheck | null;
  /**
   * What the owner's mailbox says (IMAP_URL), made by the mail feature, which readiness never
   * waits on for long and is never decided by.
   */
  mailbox?: (() => Promise<{ mailbox?: MailboxReadiness }>) | undefined;
};

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  const api = typed(app);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  api.route({ ...endpoints.health, handler: async () => ({ status: "ok" as const }) });

  api.route({
    ...endpoints.ready,
    handler: async (request, reply) => {
      const { db, redis, busyTimes } = app;
      const [databaseUp, redisUp, missingFile] = await Promise.all([
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
        opts.build?.missingFile() ?? null,
      ]);
      if (missingFile)
        request.log.error(
          { build: opts.build?.dir, missing: missingFile },
          "not ready: the build this server serves is incomplete or gone; restart it",
        );
      if (!databaseUp || missingFile)
        return reply.code(503).send({
          status: "unavailable" as const,
          message: "Not ready to serve.",
          // Every page would be a 404: say so, so that whoever looks at the balancer restarts it.
          ...(missingFile ? { reason: "build-incomplete" as const } : {}),
        });
      return {
        status: "ready" as const,
        ...(redis ? { redis: redisUp ? ("up" as const) : ("down" as const) } : {}),
        // The calendar's last read, never a new one: a calendar that hangs cannot slow the
        // probe, and its state never takes the instance out of the balancer.
        ...(busyTimes ? { calendar: busyTimes.status() } : {}),
        // Said, never decided by: a message set aside is the owner's to look at (GET /api/mailbox).
        ...(opts.mailbox ? await opts.mailbox() : {}),
      };
    },
  });
}
