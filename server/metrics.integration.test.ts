import { describe, expect, it } from "vitest";
import { honeypotField } from "../domain/contact-texts.ts";
import { loadConfig } from "./config.ts";
import { contactPost } from "./test-support/contact-post.ts";
import { testEngines } from "./test-support/databases.ts";
import { buildTestApp } from "./test-support/test-app.ts";

const token = "scrape-7f3c9a1e5b2d4c6e8a0b1d3f5e7a9c2b";
const scrape = (authorization?: string) => ({
  method: "GET" as const,
  url: "/metrics",
  headers: authorization ? { authorization } : {},
});
const contact = (n: number, extra: Record<string, string> = {}) =>
  contactPost("metrics", n, {
    firstName: "Grace",
    lastName: "Private-Surname",
    message: `A message only the owner should read ${n}`,
    ...extra,
  });
/** The value of one sample line (`name{labels} value`), or undefined when absent. */
const sample = (text: string, line: string) => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

/** What an outsider sees of an answer: everything but what differs on every request. */
const seen = (answer: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  // The date, the request's id and what is left of a rate limit differ from one request to the next.
  const {
    date,
    "x-request-id": _id,
    "x-ratelimit-remaining": _remaining,
    ...headers
  } = answer.headers;
  return { status: answer.statusCode, headers, body: answer.body };
};

describe("GET /metrics", () => {
  /** Paths that do not exist: /metrics must answer as they do, so nobody learns it is there. */
  const lookalikes = ["/metricz", "/METRICS", "/metrics/", "/metrics-x", "/statz"];

  it("answers like any unknown path without METRICS_TOKEN configured", async () => {
    const app = await buildTestApp();
    try {
      const metrics = seen(await app.inject(scrape(`Bearer ${token}`)));
      expect(metrics.status).toBe(302);
      for (const url of lookalikes) {
        const other = seen(
          await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } }),
        );
        expect(metrics, url).toEqual(other);
      }
    } finally {
      await app.close();
    }
  });

  it("answers like any unknown path with a missing, wrong, differently cased or non-bearer token", async () => {
    const app = await buildTestApp(undefined, { METRICS_TOKEN: token });
    try {
      for (const authorization of [
        undefined,
        "Bearer ",
        `Bearer ${token.slice(0, -1)}x`,
        `bearer ${token}`,
        `Basic ${token}`,
        `Bearer ${token} `,
        token,
      ]) {
        const answer = seen(await app.inject(scrape(authorization)));
        expect(answer.status, String(authorization)).toBe(302);
        for (const url of lookalikes) {
          const other = seen(
            await app.inject({
              method: "GET",
              url,
              headers: authorization ? { authorization } : {},
            }),
          );
          expect(answer, `${authorization} ${url}`).toEqual(other);
        }
        // Other methods too: as for any path.
        const post = await app.inject({ ...scrape(authorization), method: "POST" });
        const otherPost = await app.inject({ method: "POST", url: "/metricz" });
        expect(seen(post)).toEqual(seen(otherPost));
      }
      // A scraper with the token gets the figures, at /metrics only.
      const scraped = await app.inject(scrape(`Bearer ${token}`));
      expect(scraped.statusCode).toBe(200);
      expect(scraped.headers["content-type"]).toMatch(/^text\/plain/);
      expect(
        (await app.inject({ ...scrape(`Bearer ${token}`), url: "/metrics/" })).statusCode,
      ).toBe(302);
    } finally {
      await app.close();
    }
  });

  it("counts requests by route template, leads by outcome and rate-limit refusals, and never a lead's contents", async () => {
    const app = await buildTestApp(undefined, { METRICS_TOKEN: token });
    try {
      await app.inject({ method: "GET", url: "/healthz" });
      await app.inject({ method: "GET", url: "/healthz" });
      await app.inject({
        method: "DELETE",
        url: "/api/leads/0b7e6c1e-8d2f-4c3a-9b1a-2f6d5e4c3b2a",
        headers: { authorization: "Bearer not-a-token" },
      });
      for (let n = 0; n < 9; n++) expect((await app.inject(contact(n))).statusCode).toBe(201);
      expect((await app.inject(contact(9, { [honeypotField]: "spam.example" }))).statusCode).toBe(
        201,
      );
      expect((await app.inject(contact(10))).statusCode).toBe(429);

      const answer = await app.inject(scrape(`Bearer ${token}`));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      const text = answer.body;
      expect(
        sample(text, 'fineline_http_requests_total{method="GET",route="/healthz",status="200"}'),
      ).toBe(2);
      // The path's id is not a label: the route's template is.
      expect(
        sample(
          text,
          'fineline_http_requests_total{method="DELETE",route="/api/leads/:id",status="401"}',
        ),
      ).toBe(1);
      expect(text).not.toContain("0b7e6c1e");
      expect(
        sample(
          text,
          'fineline_http_request_duration_seconds_count{method="POST",route="/api/leads/contact-us"}',
        ),
      ).toBe(11);
      expect(sample(text, 'fineline_leads_received_total{outcome="lead"}')).toBe(9);
      expect(sample(text, 'fineline_leads_received_total{outcome="spam"}')).toBe(1);
      expect(
        sample(text, 'fineline_rate_limit_refusals_total{route="/api/leads/contact-us"}'),
      ).toBe(1);
      expect(sample(text, 'fineline_outbox_backlog{state="pending"}')).toBe(0);
      expect(text).toContain("fineline_process_resident_memory_bytes");
      for (const secret of ["Private-Surname", "metrics-1@example.com", "only the owner", token])
        expect(text).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it.each(testEngines.map((engine) => [engine.name, engine] as const))(
    "reports the outbox's backlog and this instance's failed sends (%s)",
    async (_name, engine) => {
      // Nothing listens on port 1: every send fails, and the rows wait for their next attempt.
      const database = await engine.open();
      const app = await buildTestApp(database, {
        METRICS_TOKEN: token,
        SMTP_URL: "smtp://127.0.0.1:1",
        NOTIFY_EMAIL: "owner@example.com",
        // Only the three leads' e-mails: after the digest's hour, the day's digest would be
        // a fourth failed send, or not, as the timing falls; no instant replies either.
        DIGEST_HOUR: "off",
        AUTO_REPLY: "off",
      });
      try {
        for (let n = 0; n < 3; n++) expect((await app.inject(contact(n))).statusCode).toBe(201);
        await app.outbox?.idle();
        await app.outbox?.idle();
        const text = (await app.inject(scrape(`Bearer ${token}`))).body;
        expect(sample(text, 'fineline_outbox_backlog{state="pending"}')).toBe(3);
        expect(sample(text, 'fineline_outbox_backlog{state="given_up"}')).toBe(0);
        expect(sample(text, "fineline_outbox_failures_total")).toBe(3);
        expect(sample(text, "fineline_outbox_sent_total")).toBe(0);
      } finally {
        await app.close();
        await database.close();
      }
    },
  );
});

describe("METRICS_TOKEN", () => {
  it("must be 32 or more visible characters, and is never echoed", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ["short-token-123", `${"x".repeat(20)} ${"y".repeat(20)}`]) {
      try {
        loadConfig({ METRICS_TOKEN: bad });
        expect.unreachable();
      } catch (error) {
        expect(String(error)).toContain("METRICS_TOKEN: must be 32 to 256 visible characters");
        expect(String(error)).not.toContain(bad);
      }
    }
  });
});
