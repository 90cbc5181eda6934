import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { sql } from "kysely";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { SetAsideReason } from "../domain/mailbox.ts";
import { countCalendarBacklog } from "./booking/calendar-sync.repository.ts";
import type { Db } from "./db/connect.ts";
import { redisAnswers } from "./http/readiness.ts";
import { mailboxSummary } from "./mail/set-aside.repository.ts";
import { maxAttempts } from "./notifications/outbox.repository.ts";

/** What the contact form did with a submission, as the leads counter labels it. */
export type LeadOutcome = "lead" | "spam" | "duplicate";

/**
 * This instance's metrics, in a registry of its own (prom-client's global one would mix every
 * app built in one test process). Each instance is scraped on its own; the outbox figures are
 * the shared database's, so every instance reports the same backlog.
 */
export function createMetrics(
  db: Db,
  {
    redis,
    calendar = false,
    mailbox,
  }: {
    redis?: Redis | null;
    calendar?: boolean;
    /** The watched mailbox's name in the database (IMAP_URL), for its gauges. */
    mailbox?: string | undefined;
  } = {},
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "fineline_" });
  const requests = new Counter({
    name: "fineline_http_requests_total",
    help: "HTTP requests answered, by method, route template and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "fineline_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method and route template.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const leads = new Counter({
    name: "fineline_leads_received_total",
    help: "Contact-form submissions stored, by outcome: lead, spam (kept for review) or duplicate (a retry stored once).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "fineline_rate_limit_refusals_total",
    help: "Requests refused by a rate limit (429), by route template.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const outboxSent = new Counter({
    name: "fineline_outbox_sent_total",
    help: "E-mails this instance sent from the outbox.",
    registers: [registry],
  });
  const outboxFailures = new Counter({
    name: "fineline_outbox_failures_total",
    help: "Outbox sends by this instance that failed (each is retried with backoff).",
    registers: [registry],
  });
  new Gauge({
    name: "fineline_outbox_backlog",
    help: "Outbox rows not yet sent, by state: pending (will be tried) or given_up (out of attempts).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ pending: number | string; given_up: number | string }>`
        select
          count(*) filter (where attempts < ${maxAttempts}) as pending,
          count(*) filter (where attempts >= ${maxAttempts}) as given_up
        from outbox where sent_at is null`.execute(db);
      this.set({ state: "pending" }, Number(rows[0]?.pending ?? 0));
      this.set({ state: "given_up" }, Number(rows[0]?.given_up ?? 0));
    },
  });

  if (calendar)
    new Gauge({
      name: "fineline_calendar_sync_backlog",
      help: "Meetings whose copy in the owner's calendar (CALDAV_URL) is not yet written or removed.",
      registers: [registry],
      async collect() {
        this.set(await countCalendarBacklog(db));
      },
    });

  const setAside = new Counter({
    name: "fineline_mailbox_set_aside_total",
    help: "Messages of the mailbox this instance set aside instead of importing, by reason: unreadable or unverified-sender (GET /api/mailbox lists them).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  if (mailbox) {
    new Gauge({
      name: "fineline_mailbox_set_aside",
      help: "Messages of the mailbox set aside now (kept 90 days), from the shared database.",
      registers: [registry],
      async collect() {
        this.set((await mailboxSummary(db, mailbox)).setAside);
      },
    });
    new Gauge({
      name: "fineline_mailbox_last_read_timestamp_seconds",
      help: "When the mailbox was last read to its end (Unix time; 0: never), by whichever instance watches it.",
      registers: [registry],
      async collect() {
        const { lastReadAt } = await mailboxSummary(db, mailbox);
        this.set(lastReadAt ? Date.parse(lastReadAt) / 1000 : 0);
      },
    });
  }

  if (redis)
    new Gauge({
      name: "fineline_redis_up",
      help: "1 when Redis (REDIS_URL) answered this scrape's ping within 1 s, else 0: sign-in, sign-up and refresh refuse meanwhile.",
      registers: [registry],
      // Asked, not read from the client's state: a Redis that hangs stays "connected".
      async collect() {
        this.set(
          await redisAnswers(redis, 1_000).then(
            () => 1,
            () => 0,
          ),
        );
      },
    });

  return {
    registry,
    leadReceived: (outcome: LeadOutcome) => leads.inc({ outcome }),
    mailSetAside: (reason: SetAsideReason) => setAside.inc({ reason }),
    outboxPass: (result: { sent: number; failed: number }) => {
      outboxSent.inc(result.sent);
      outboxFailures.inc(result.failed);
    },
    /** Counts an answered request under its route's template, never its path (no ids, no names). */
    requestAnswered(request: FastifyRequest, status: number, seconds: number) {
      const route = request.routeOptions.url ?? "unmatched";
      requests.inc({ method: request.method, route, status: String(status) });
      latency.observe({ method: request.method, route }, seconds);
      if (status === 429) refusals.inc({ route });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Counts every request, and serves GET /metrics in Prometheus' text format to a scraper that
 * sends `Authorization: Bearer <METRICS_TOKEN>`. For anyone else /metrics is not there at all:
 * no route of its own answers it, so it gets what every unknown path gets (a redirect home,
 * like /metricz or /METRICS), and an outsider cannot tell that it exists. The scrape is
 * answered from an onRequest hook, before the site's catch-all handler would run.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", async (request, reply) => {
    metrics.requestAnswered(request, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  const authorised = (header: string | undefined) => {
    const given = Buffer.from(header ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (request.url.split("?")[0] !== "/metrics") return;
    if (!authorised(request.headers.authorization)) return;
    const body = await metrics.registry.metrics();
    return reply
      .header("Content-Type", metrics.registry.contentType)
      .header("Cache-Control", "no-store")
      .send(body);
  });
}
