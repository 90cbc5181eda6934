import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "./db/connect.ts";
import { unavailableText } from "./db/unavailable.ts";
import { contactPost } from "./test-support/contact-post.ts";
import { postgresAdminQuery, postgresUrlFor } from "./test-support/databases.ts";
import { makeFakeBuild } from "./test-support/fake-build.ts";
import { sleep, terminateBackends } from "./test-support/postgres-faults.ts";
import { exited, type ServerProcess, startServerProcess } from "./test-support/server-process.ts";
import { startTcpProxy, type TcpProxy } from "./test-support/tcp-proxy.ts";
import { buildTestApp } from "./test-support/test-app.ts";
import { signedInUser, testSecret } from "./test-support/tokens.ts";

/**
 * What real deployments do to PostgreSQL (ADR 020): it restarts, fails over, or an idle
 * connection is terminated. Two real server processes share one fresh database while a light
 * write load runs; every backend of that database is terminated under them.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `faults_${process.pid}_${Date.now().toString(36)}`;
const urlOf = postgresUrlFor;
const databaseUrl = urlOf(dbName);

describe.runIf(pgUrl)("PostgreSQL faults under two instances", { timeout: 120_000 }, () => {
  let instances: { server: ServerProcess; url: string }[] = [];

  beforeAll(async () => {
    await postgresAdminQuery(`create database "${dbName}"`);
    const root = path.dirname(makeFakeBuild());
    instances = ["A", "B"].map((name) => ({
      server: startServerProcess(
        {
          PORT: "0",
          LOG_LEVEL: "info",
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(root, `data-${name}`),
          DIGEST_HOUR: "off",
          TRUST_PROXY: "loopback",
        },
        root,
      ),
      url: "",
    }));
    for (const instance of instances) instance.url = await instance.server.url();
  }, 60_000);

  afterAll(async () => {
    for (const { server } of instances) server.child.kill("SIGKILL");
    await Promise.all(instances.map(({ server }) => exited(server.child)));
    if (pgUrl) await postgresAdminQuery(`drop database if exists "${dbName}" with (force)`);
  }, 60_000);

  it("keeps both instances up through terminated backends, loses no acknowledged lead, and writes again within seconds", async () => {
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    /** When each instance last stored a lead: recovery is measured from these. */
    const lastStored = instances.map(() => 0);
    let stop = false;
    let sent = 0;
    // Two lanes, one per instance, each a visitor after another (a light load).
    const lane = async (index: number) => {
      const url = instances[index]?.url ?? "";
      while (!stop) {
        const n = sent++;
        const email = `fault-${index}-${n}@faults.example`;
        try {
          const res = await fetch(`${url}/api/leads/contact-us`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-forwarded-for": `10.22.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              email,
              firstName: "Fault",
              lastName: `Lane ${index}`,
              message: `Terminated-backend test ${n}`,
            }),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) {
            acknowledged.add(email);
            lastStored[index] = Date.now();
          }
          await res.arrayBuffer();
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1); // no answer at all: the process died
        }
        await sleep(10);
      }
    };
    const load = [lane(0), lane(1)];

    const recoveries: number[] = [];
    for (let round = 0; round < 3; round++) {
      await sleep(800);
      const ended = await terminateBackends(dbName);
      expect(ended, "the instances had connections to end").toBeGreaterThan(0);
      const at = Date.now();
      // Each instance stores a lead again within seconds.
      for (const [index] of instances.entries()) {
        while ((lastStored[index] ?? 0) <= at && Date.now() - at < 10_000) await sleep(20);
        recoveries.push((lastStored[index] ?? 0) - at);
      }
      for (const { server } of instances) expect(server.child.exitCode, server.output()).toBeNull();
    }
    stop = true;
    await Promise.all(load);

    for (const { server } of instances) expect(server.child.exitCode, server.output()).toBeNull();
    for (const recovery of recoveries) {
      expect(recovery).toBeGreaterThan(0);
      expect(recovery).toBeLessThan(5_000);
    }
    // A refusal during the fault is an honest 503, never a 500 or a dead socket.
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    for (const { url } of instances) expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const handle = openPostgres(databaseUrl);
    try {
      const rows = await handle.db
        .selectFrom("leads")
        .select("email")
        .where("email", "like", "fault-%")
        .execute();
      const stored = new Set(rows.map((row) => row.email));
      expect([...acknowledged].filter((email) => !stored.has(email))).toEqual([]);
      expect(rows.length).toBe(stored.size); // none stored twice
    } finally {
      await handle.close();
    }
    // The loss was logged, without crashing.
    for (const { server } of instances) expect(server.output()).toMatch(/database connection lost/);
    console.log(
      `postgres faults: 3 rounds of terminated backends; ${sent} requests, ${acknowledged.size} acknowledged, ` +
        `answers ${JSON.stringify(Object.fromEntries(statuses))}; writes again after ${recoveries.join(", ")} ms`,
    );
  });
});

/** How long a promise took to settle, and what it settled with. */
async function timed<T>(pending: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await pending;
  return { value, ms: Math.round(performance.now() - started) };
}

describe.runIf(pgUrl)("a PostgreSQL that hangs", { timeout: 120_000 }, () => {
  const hungDb = `hung_${process.pid}_${Date.now().toString(36)}`;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let direct: DatabaseHandle;

  beforeAll(async () => {
    await postgresAdminQuery(`create database "${hungDb}"`);
    const target = new URL(pgUrl ?? "");
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    app = await buildTestApp(undefined, {
      DATABASE_URL: urlOf(hungDb, proxy.port),
      JWT_SECRET: testSecret,
    });
    direct = openPostgres(urlOf(hungDb));
  }, 60_000);

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await direct?.close();
    await proxy?.close();
    if (pgUrl) await postgresAdminQuery(`drop database if exists "${hungDb}" with (force)`);
  }, 60_000);

  it("answers every request promptly: 503 with Retry-After, sign-in closed, the form's token open, pages served", async () => {
    const admin = await signedInUser(direct.db, "admin");
    expect((await app.inject(contactPost("hung", 0))).statusCode).toBe(201);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    proxy.pause();
    const [contact, form, login, token, leads, ready, page] = await Promise.all([
      timed(app.inject(contactPost("hung", 1))),
      timed(
        app.inject({
          method: "POST",
          url: "/api/leads/contact-us",
          headers: { "content-type": "application/x-www-form-urlencoded", referer: "/home" },
          payload:
            "email=ada%40example.com&firstName=Ada&lastName=Hung&message=Kept+as+typed&sourcePage=%2Fhome",
        }),
      ),
      timed(
        app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { username: "admin@fineline.studio", password: "whatever it is" },
        }),
      ),
      timed(app.inject({ method: "GET", url: "/api/leads/contact-token" })),
      timed(
        app.inject({
          method: "GET",
          url: "/api/leads/new",
          headers: { "x-access-token": admin.accessToken },
        }),
      ),
      timed(app.inject({ method: "GET", url: "/readyz" })),
      timed(app.inject({ method: "GET", url: "/about" })),
    ]);

    // The lead is not acknowledged, and the visitor is told to try again, honestly and soon.
    expect(contact.value.statusCode).toBe(503);
    expect(contact.value.json()).toEqual({ message: unavailableText });
    expect(contact.value.headers["retry-after"]).toBeDefined();
    expect(contact.ms).toBeLessThan(8_000);
    // Without JavaScript: the page again, with what was typed still in the form.
    expect(form.value.statusCode).toBe(503);
    expect(form.value.headers["content-type"]).toMatch(/text\/html/);
    expect(form.value.body).toContain("Kept as typed");
    expect(form.ms).toBeLessThan(8_000);
    // Sign-in fails closed at the limit's bounded wait, not the database's.
    expect(login.value.statusCode).toBe(503);
    expect(login.value.headers["retry-after"]).toBeDefined();
    expect(login.ms).toBeLessThan(2_500);
    // The form's clock needs no database: its limit fails open at the same bounded wait.
    expect(token.value.statusCode).toBe(200);
    expect(token.ms).toBeLessThan(2_500);
    expect(leads.value.statusCode).toBe(503);
    expect(leads.ms).toBeLessThan(8_000);
    expect(ready.value.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(3_000);
    expect(page.value.statusCode).toBe(200);
    expect(page.ms).toBeLessThan(1_000);

    proxy.resume();
    const resumed = performance.now();
    let stored = 0;
    for (let n = 2; stored !== 201 && performance.now() - resumed < 15_000; n++) {
      stored = (await app.inject(contactPost("hung", n))).statusCode;
    }
    expect(stored).toBe(201);
    console.log(
      `hung postgres: contact 503 in ${contact.ms} ms, form post 503 in ${form.ms} ms, login 503 in ${login.ms} ms, ` +
        `contact token 200 in ${token.ms} ms, leads 503 in ${leads.ms} ms, readyz 503 in ${ready.ms} ms, ` +
        `page 200 in ${page.ms} ms; a lead stored ${Math.round(performance.now() - resumed)} ms after it resumed`,
    );
  });

  it("gives up starting with one line when the database does not answer", async () => {
    proxy.pause();
    try {
      const root = path.dirname(makeFakeBuild());
      const started = performance.now();
      const server = startServerProcess(
        { PORT: "0", DATABASE_URL: urlOf(hungDb, proxy.port), DATA_DIR: path.join(root, "data") },
        root,
      );
      await exited(server.child);
      const ms = performance.now() - started;
      expect(server.child.exitCode).toBe(1);
      const lines = server.output().trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^database: PostgreSQL at 127\.0\.0\.1:\d+ did not answer within \d+ s/,
      );
      expect(ms).toBeLessThan(15_000);
      console.log(`hung postgres: start-up gave up after ${Math.round(ms)} ms: ${lines[0]}`);
    } finally {
      proxy.resume();
    }
  });
});
