import path from "node:path";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { authRoutes } from "./auth/auth.routes.ts";
import { loadSigningKey } from "./auth/secret.ts";
import type { Config } from "./config.ts";
import { connectDatabase, type DatabaseHandle } from "./db/connect.ts";
import { contactRoutes } from "./leads/contact.routes.ts";
import { leadsRoutes } from "./leads/leads.routes.ts";
import { startOutboxWorker } from "./notifications/outbox.ts";
import { smtpSender } from "./notifications/smtp.ts";
import { registerRateLimit } from "./rate-limit.ts";
import { resourceCsp } from "./security-headers.ts";
import { siteRoutes } from "./site-routes.ts";
import { indexSiteFiles } from "./static-site.ts";

/** Headers whose values must never reach a log line. */
export const redactedHeaders = ["authorization", "cookie", "x-access-token", "set-cookie"];

/**
 * Builds the whole application (plugins, API, static site) without listening, so tests
 * drive it with app.inject() and main.ts owns the process concerns.
 */
export type AppDependencies = {
  /** An open, migrated database; by default the configured one is opened (and closed with the app). */
  database?: DatabaseHandle;
  /** How often the outbox retries failed e-mails (default 30 s). */
  outboxIntervalMs?: number;
};

export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                ...redactedHeaders.map((h) => `req.headers["${h}"]`),
                "req.body.password",
                "req.body.refresh",
                "req.body.refreshToken",
              ],
              censor: "[redacted]",
            },
          },
    // Bodies are small JSON or form posts; anything bigger is a mistake or an attack.
    bodyLimit: 64 * 1024,
  });

  const upgradeInsecure = config.siteUrl.startsWith("https:");
  await app.register(helmet, {
    // Pages get a per-page CSP with script hashes (site-routes.ts); everything else the strict default below.
    contentSecurityPolicy: false,
    strictTransportSecurity: upgradeInsecure
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("Content-Security-Policy"))
      reply.header("Content-Security-Policy", resourceCsp);
  });

  app.get("/healthz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { status: "ok" };
  });

  app.setNotFoundHandler((request, reply) => {
    const json = request.url.startsWith("/api") || request.method !== "GET";
    reply.code(404);
    return json
      ? { message: "Not found." }
      : reply.type("text/plain; charset=utf-8").send("Not found.");
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .code(status)
        .send({ message: "Something went wrong on our side. Please try again." });
    }
    request.log.info({ err: error }, "request rejected");
    return reply.code(status).send({ message: error.message });
  });

  const database = deps.database ?? (await connectDatabase(config));
  // Shut down in reverse order of start-up: stop sending, then close the database.
  const closers: Array<() => unknown> = [];
  if (!deps.database) closers.push(() => database.close());
  app.addHook("onClose", async () => {
    for (const close of closers.reverse()) await close();
  });

  // Lead notifications: queued in the lead's own transaction, sent after the commit.
  let outbox: ReturnType<typeof startOutboxWorker> | null = null;
  if (config.smtpUrl && config.notifyEmail) {
    const smtp = smtpSender(config.smtpUrl);
    outbox = startOutboxWorker({
      db: database.db,
      send: smtp.send,
      settings: { notifyEmail: config.notifyEmail, siteUrl: config.siteUrl },
      intervalMs: deps.outboxIntervalMs,
      log: app.log,
    });
    closers.push(async () => {
      await outbox?.stop();
      smtp.close();
    });
  }
  app.decorate("outbox", outbox);

  if (config.rateLimit) await registerRateLimit(app);

  const tokens = { key: loadSigningKey(config), issuer: config.siteUrl };
  await app.register(authRoutes, { db: database.db, tokens });
  await app.register(leadsRoutes, { db: database.db, tokens });

  await app.register(contactRoutes, {
    db: database.db,
    notify: outbox !== null,
    onLeadQueued: () => outbox?.poke(),
  });

  const site = await indexSiteFiles(path.join(config.buildDir, "client"));
  await app.register(siteRoutes, { site, upgradeInsecure });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    outbox: ReturnType<typeof startOutboxWorker> | null;
  }
}
