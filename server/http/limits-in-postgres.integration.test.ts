import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { signingKeyFor } from "../auth/secret.ts";
import { expectOneContactLimitAcross } from "../test-support/contact-post.ts";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { limitKeys, postgresCounter, type SharedCounter } from "./limit-counters.ts";
import { limitPerWindow, limitStoreDown, registerRateLimit } from "./rate-limit.ts";

const postgres = testEngines.find((engine) => engine.name === "postgres");
/** A fresh PostgreSQL schema (these tests only run when TEST_DATABASE_URL is set). */
const openPostgres = () => {
  if (!postgres) throw new Error("TEST_DATABASE_URL is not set");
  return postgres.open();
};

describe.runIf(postgres)("instances sharing one PostgreSQL", () => {
  it("count the contact form's limit together: ten across two instances, then 429 on both", async () => {
    const database = await openPostgres();
    const [a, b] = [await buildTestApp(database), await buildTestApp(database)];
    try {
      await expectOneContactLimitAcross(a, b, "shared");
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });

  it("sign with one key: the first instance's, offered once and read by all", async () => {
    const database = await openPostgres();
    try {
      const config = { jwtSecret: undefined, dataDir: "/nonexistent/data" };
      const keys = await Promise.all(
        Array.from({ length: 5 }, () => signingKeyFor(config, database)),
      );
      for (const key of keys)
        expect(Buffer.from(key).equals(Buffer.from(keys[0] ?? []))).toBe(true);
      expect(keys[0]?.length).toBe(32);
      const rows = await database.db.selectFrom("server_secrets").selectAll().execute();
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it("count by the database's clock, and sweep expired counters", async () => {
    const database = await openPostgres();
    try {
      const counter = postgresCounter(database.db, limitKeys(new Uint8Array(32).fill(7)));
      const first = await counter.hit("login|203.0.113.9", 60_000);
      const second = await counter.hit("login|203.0.113.9", 60_000);
      expect([first.hits, second.hits]).toEqual([1, 2]);
      expect(second.ttlMs).toBeGreaterThan(55_000);
      expect((await counter.peek("login|203.0.113.9", 60_000)).hits).toBe(2);
      // A window of 1 ms has lapsed by the next query: the count starts again.
      await counter.hit("short|x", 1);
      await new Promise((r) => setTimeout(r, 5));
      expect((await counter.hit("short|x", 1)).hits).toBe(1);
      await new Promise((r) => setTimeout(r, 5));
      expect(await counter.sweep()).toBeGreaterThanOrEqual(1);
      // No address is stored, only a hash of it.
      const keys = await database.db.selectFrom("rate_limit_counters").select("key").execute();
      for (const { key } of keys) expect(key).not.toContain("203.0.113.9");
    } finally {
      await database.close();
    }
  });
});

describe("when the shared store does not answer", () => {
  async function appWithBrokenStore() {
    const warnings: string[] = [];
    const app = Fastify({
      logger: {
        level: "warn",
        stream: { write: (line: string) => void warnings.push(JSON.parse(line).msg) },
      },
    });
    const broken: SharedCounter = {
      hit: () => Promise.reject(new Error("connection terminated")),
      peek: () => Promise.reject(new Error("connection terminated")),
      sweep: () => Promise.resolve(0),
    };
    await registerRateLimit(app, broken);
    app.setErrorHandler(
      (error: { code?: string; statusCode?: number; message: string }, _r, reply) =>
        reply.code(error.code === limitStoreDown ? 503 : 500).send({ message: error.message }),
    );
    app.post("/login", { config: limitPerWindow(5) }, async () => ({ ok: true }));
    app.post("/contact", { config: limitPerWindow(10, 60_000, { failOpen: true }) }, async () => ({
      ok: true,
    }));
    return { app, warnings };
  }

  it("refuses sign-in (fail closed) and lets the contact form through (fail open), and says so", async () => {
    const { app, warnings } = await appWithBrokenStore();
    const login = await app.inject({ method: "POST", url: "/login" });
    expect(login.statusCode).toBe(503);
    expect(login.json().message).toBe(
      "This is unavailable for a moment. Please try again in a minute.",
    );
    expect(warnings).toContain("rate limits unavailable: refusing requests (fail closed)");
    expect((await app.inject({ method: "POST", url: "/contact" })).statusCode).toBe(200);
    await app.close();
  });
});
