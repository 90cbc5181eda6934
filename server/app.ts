import { randomUUID } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import path from "node:path";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import { endpoints } from "../domain/endpoints.ts";
import { compileWithContracts, firstProblem, requireContracts, typed } from "./api/contracts.ts";
import { docsRoutes } from "./api/docs.routes.ts";
import { openApiRoutes, registerOpenApi } from "./api/openapi.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { signingKeyFor } from "./auth/secret.ts";
import type { Config } from "./config.ts";
import { connectDatabase, type DatabaseHandle } from "./db/connect.ts";
import {
  databaseTrouble,
  unavailableRetryAfterSeconds,
  unavailableText,
} from "./db/unavailable.ts";
import { contactRoutes } from "./leads/contact.routes.ts";
import { contactFormPages } from "./leads/contact-form-page.ts";
import { startDiskErasure } from "./leads/disk-erasure.ts";
import { triageRoutes } from "./leads/lead-triage.routes.ts";
import { leadsRoutes } from "./leads/leads.routes.ts";
import { startSpamPurge } from "./leads/spam-purge.ts";
import { createMetrics, registerMetrics } from "./metrics.ts";
import { startDigestScheduler } from "./notifications/digest.ts";
import { startOutboxWorker } from "./notifications/outbox.ts";
import { smtpSender } from "./notifications/smtp.ts";
import { limitStoreDown, notFoundLimit, registerRateLimit } from "./rate-limit.ts";
import { databaseAnswers, redisAnswers } from "./readiness.ts";
import { pageCsp, resourceCsp } from "./security-headers.ts";
import {
  connectRedis,
  firstConnection,
  postgresCounter,
  redisCounter,
} from "./shared-rate-limit.ts";
import { siteRoutes } from "./site-routes.ts";
import { indexSiteFiles } from "./static-site.ts";

/** Headers whose values must never reach a log line. */
/** A request id a proxy may hand us: letters, digits, dot, dash, underscore; 8 to 64 of them. */
const requestIdShape = /^[A-Za-z0-9._-]{8,64}$/;

export const redactedHeaders = ["authorization", "cookie", "x-access-token", "set-cookie"];

/**
 * How long a client may take. A request (headers and body) must arrive within
 * `requestTimeout`: without it, a client sending a byte every few seconds holds a connection
 * for ever (slowloris). Node checks for late requests every `checkIntervalMs`.
 */
export const defaultTimeouts = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 2_000,
});

/**
 * Builds the whole application (plugins, API, static site) without listening, so tests
 * drive it with app.inject() and main.ts owns the process concerns.
 */
export type AppDependencies = {
  /** An open, migrated database; by default the configured one is opened (and closed with the app). */
  database?: DatabaseHandle;
  /** How often the outbox retries failed e-mails (default 30 s). */
  outboxIntervalMs?: number;
  /** Tests shorten these to see them act. */
  timeouts?: Partial<Record<keyof typeof defaultTimeouts, number>>;
  /** The clock: what is due today, when the digest goes out (tests move it). */
  now?: () => Date;
  /** How often each instance checks whether the daily digest is due (default a minute). */
  digestIntervalMs?: number;
};

/** Addresses a proxy in front of us can have: loopback, private and link-local ranges. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
] as const)
  privateRanges.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  privateRanges.addSubnet(network, prefix, "ipv6");

export const isPrivateAddress = (address: string) => {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return privateRanges.check(v4, "ipv4");
  return isIPv4(address)
    ? privateRanges.check(address, "ipv4")
    : isIPv6(address) && privateRanges.check(address, "ipv6");
};

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies in front, but only
 * when the connection itself comes from a private or loopback address: a client on the
 * internet talking to the server directly cannot claim another address with X-Forwarded-For.
 * (Fastify's own number option trusts nothing, for that reason.)
 */
function trustProxyOption(setting: Config["trustProxy"]) {
  if (setting === false) return false;
  if (typeof setting === "number")
    return (address: string, hop: number) =>
      hop < setting && (hop > 0 || isPrivateAddress(address));
  return [...setting];
}

export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const timeouts = { ...defaultTimeouts, ...deps.timeouts };
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
            serializers: {
              // The path without its query: a search (`?q=` a person's name) or a token in a
              // link is never written to the log.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: request.url.split("?")[0],
                remoteAddress: request.ip,
              }),
            },
          },
    // Every request has an id, in each of its log lines and in its X-Request-Id response
    // header, so a user's report can be matched to the log. A proxy's id is kept when it is a
    // plain token (it then ties the proxy's log to ours); anything else gets a fresh UUID.
    genReqId: (request) => {
      const offered = request.headers["x-request-id"];
      return typeof offered === "string" && requestIdShape.test(offered) ? offered : randomUUID();
    },
    // Bodies are small JSON or form posts; anything bigger is a mistake or an attack.
    bodyLimit: 64 * 1024,
    // Off unless configured: request.ip (and so every rate limit) is the connection's address.
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // A body with "__proto__" or "constructor.prototype" is refused, not cleaned.
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    schemaErrorFormatter: firstProblem,
  });
  compileWithContracts(app);
  requireContracts(app);

  const upgradeInsecure = config.siteUrl.startsWith("https:");
  await app.register(helmet, {
    // Pages get a per-page CSP with script hashes (site-routes.ts); everything else the strict default below.
    contentSecurityPolicy: false,
    strictTransportSecurity: upgradeInsecure
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    if (!reply.hasHeader("Content-Security-Policy"))
      reply.header("Content-Security-Policy", resourceCsp);
  });

  const database = deps.database ?? (await connectDatabase(config, app.log));
  // Shut down in reverse order of start-up: stop sending, then close the database.
  const closers: Array<() => unknown> = [];
  if (!deps.database) closers.push(() => database.close());
  app.addHook("onClose", async () => {
    for (const close of closers.reverse()) await close();
  });

  // Several instances share their counts: in Redis when REDIS_URL is set, else in PostgreSQL.
  // SQLite's one process keeps them in memory.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;

  // Counted from the first hook on, so every route (and every 404) is in the figures.
  const metrics = createMetrics(database.db, { redis });
  registerMetrics(app, metrics, config.metricsToken);

  if (redis) {
    let lastWarned = 0;
    redis.on("error", (error: Error) => {
      if (Date.now() - lastWarned < 30_000) return;
      lastWarned = Date.now();
      app.log.warn(
        { err: error },
        "redis: connection failed; limits fail open or closed per route",
      );
    });
    closers.push(() => redis.disconnect());
    if (!(await firstConnection(redis)))
      app.log.warn(
        "redis: not connected yet; sign-in refuses until it is (/readyz says redis down)",
      );
  }
  if (config.rateLimit)
    await registerRateLimit(
      app,
      redis
        ? redisCounter(redis, config.redisKeyPrefix)
        : database.engine === "postgres"
          ? postgresCounter(database.db)
          : undefined,
    );
  // Before any route: it documents each one as it is registered.
  await registerOpenApi(app, config);

  // Scanners probing for files and endpoints are limited like everyone else.
  app.setNotFoundHandler(
    config.rateLimit ? { preHandler: app.rateLimit(notFoundLimit) } : {},
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
    // The database is down or hung: an honest 503 the client may retry, not a 500.
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

  // Lead notifications: queued in the lead's own transaction, sent after the commit.
  let outbox: ReturnType<typeof startOutboxWorker> | null = null;
  if (config.smtpUrl && config.notifyEmail) {
    const smtp = smtpSender(config.smtpUrl, config.outboxLeaseMs);
    outbox = startOutboxWorker({
      db: database.db,
      send: smtp.send,
      settings: {
        notifyEmail: config.notifyEmail,
        siteUrl: config.siteUrl,
        timeZone: config.timeZone,
      },
      intervalMs: deps.outboxIntervalMs,
      leaseMs: config.outboxLeaseMs,
      now: deps.now,
      onPass: metrics.outboxPass,
      log: app.log,
    });
    closers.push(async () => {
      await outbox?.stop();
      smtp.close();
    });
  }
  app.decorate("outbox", outbox);

  // The owner's morning digest: queued once a day, whichever instance gets there first.
  let digest: ReturnType<typeof startDigestScheduler> | null = null;
  if (outbox && config.digestHour !== null) {
    digest = startDigestScheduler({
      db: database.db,
      timeZone: config.timeZone,
      hour: config.digestHour,
      now: deps.now,
      intervalMs: deps.digestIntervalMs,
      onQueued: () => outbox?.poke(),
      log: app.log,
    });
    // Stopped before the outbox, which closes after it (closers run in reverse).
    closers.push(() => digest?.stop());
  }
  app.decorate("digest", digest);

  // An erasure leaves SQLite's write-ahead log too, in the background when a reader holds it up.
  const diskErasure = startDiskErasure({ db: database.db, engine: database.engine, log: app.log });
  closers.push(() => diskErasure.stop());

  // Spam is kept for review for 30 days, then deleted.
  const spamPurge = startSpamPurge({ db: database.db, now: deps.now, log: app.log });
  closers.push(() => spamPurge.stop());
  app.decorate("spamPurge", spamPurge);

  typed(app).route({
    ...endpoints.health,
    handler: async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { status: "ok" as const };
    },
  });

  typed(app).route({
    ...endpoints.ready,
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const [databaseUp, redisUp] = await Promise.all([
        databaseAnswers(database.db).then(
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
      };
    },
  });

  const tokens = { key: await signingKeyFor(config, database), issuer: config.tokenIssuer };
  await app.register(authRoutes, { db: database.db, tokens });
  await app.register(leadsRoutes, {
    db: database.db,
    tokens,
    timeZone: config.timeZone,
    digestHour: config.digestHour,
    now: deps.now,
  });
  await app.register(triageRoutes, {
    db: database.db,
    tokens,
    timeZone: config.timeZone,
    notify: outbox !== null,
    onLeadQueued: () => outbox?.poke(),
    diskErasure,
    now: deps.now,
  });
  const site = await indexSiteFiles(path.join(config.buildDir, "client"));
  const formPages = contactFormPages(site);
  await app.register(contactRoutes, {
    refusedFormPage: async (...args) => {
      const page = await formPages(...args);
      return (
        page && {
          html: page.html,
          csp: pageCsp(site.scriptHashes.get(page.file) ?? [], { upgradeInsecure }),
        }
      );
    },
    db: database.db,
    notify: outbox !== null,
    onLeadQueued: () => outbox?.poke(),
    onStored: metrics.leadReceived,
    signingKey: tokens.key,
    ownHosts: [new URL(config.siteUrl).hostname],
    now: deps.now,
  });
  await app.register(openApiRoutes);
  await app.register(docsRoutes, {
    // The reference page borrows the site's own Manrope, when the build has it.
    fontUrl: [...site.files].find((file) =>
      /^\/assets\/manrope-latin-wght-normal-.*\.woff2$/.test(file),
    ),
  });
  await app.register(siteRoutes, { site, upgradeInsecure });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    outbox: ReturnType<typeof startOutboxWorker> | null;
    spamPurge: ReturnType<typeof startSpamPurge>;
    digest: ReturnType<typeof startDigestScheduler> | null;
  }
}
