import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "./db/connect.ts";
import { makeFakeBuild } from "./test-support/fake-build.ts";
import { exited, type ServerProcess, startServerProcess } from "./test-support/server-process.ts";

/**
 * What real deployments do to PostgreSQL (issue 22): it restarts, fails over, or an idle
 * connection is terminated. Two real server processes share one fresh database while a light
 * write load runs; every backend of that database is terminated under them.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `faults_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = (() => {
  if (!pgUrl) return "";
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

async function adminQuery(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

/** Ends every session on the test database (but the one asking): what a failover does. */
async function terminateBackends(): Promise<number> {
  const { rows } = await adminQuery(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [dbName],
  );
  return rows.length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(pgUrl)("PostgreSQL faults under two instances", { timeout: 120_000 }, () => {
  let instances: { server: ServerProcess; url: string }[] = [];

  beforeAll(async () => {
    await adminQuery(`create database "${dbName}"`);
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
    if (pgUrl) await adminQuery(`drop database if exists "${dbName}" with (force)`);
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
      const ended = await terminateBackends();
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
