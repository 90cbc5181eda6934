import type { ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres, openSqlite } from "./db/connect.ts";
import { makeFakeBuild } from "./test-support/fake-build.ts";
import { exited, startServerProcess } from "./test-support/server-process.ts";

/**
 * An acknowledged write is never lost: stream contact requests at the real server, kill -9
 * it mid-stream, start it again on the same data, and check every request that got its 201.
 */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

async function streamUntilKilled(url: string, child: ChildProcess, killAfter: number) {
  const acknowledged: string[] = [];
  let attempted = 0;
  let stop = false;
  const worker = async (lane: number) => {
    for (let i = 0; !stop; i++) {
      const email = `crash-${lane}-${i}@load.example`;
      attempted++;
      try {
        const res = await fetch(`${url}/api/leads/contact-us`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            email,
            firstName: "Crash",
            lastName: `Test ${lane}`,
            message: `request ${i}`,
          }),
        });
        if (res.status === 201) acknowledged.push(email);
        if (acknowledged.length >= killAfter && !child.killed) child.kill("SIGKILL");
      } catch {
        stop = true; // connection refused or reset: the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, lane) => worker(lane)));
  return { acknowledged, attempted };
}

type Engine = {
  name: string;
  env: () => Promise<Record<string, string>>;
  open: (env: Record<string, string>) => DatabaseHandle;
  cleanup?: () => Promise<void>;
};

const engines: Engine[] = [
  {
    name: "sqlite",
    env: async () => ({ DATA_DIR: path.join(path.dirname(makeFakeBuild()), "data") }),
    open: (env) => openSqlite(path.join(env.DATA_DIR ?? "", "app.db")),
  },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const dbName = `crash_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  engines.push({
    name: "postgres",
    env: async () => {
      await admin(`create database "${dbName}"`);
      return { DATABASE_URL: url.toString() };
    },
    open: (env) => openPostgres(env.DATABASE_URL ?? ""),
    cleanup: () => admin(`drop database if exists "${dbName}" with (force)`),
  });
}

describe.each(engines)("crash safety on $name", (engine) => {
  it("keeps every acknowledged lead across a kill -9", { timeout: 60_000 }, async () => {
    const root = path.dirname(makeFakeBuild());
    const env = { PORT: "0", LOG_LEVEL: "info", RATE_LIMIT: "off", ...(await engine.env()) };
    try {
      const first = startServerProcess(env, root);
      children.push(first.child);
      const { acknowledged, attempted } = await streamUntilKilled(
        await first.url(),
        first.child,
        150,
      );
      await exited(first.child);
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
      expect(attempted).toBeGreaterThan(acknowledged.length); // some were in flight when it died

      const second = startServerProcess(env, root);
      children.push(second.child);
      const url = await second.url();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      const handle = engine.open(env);
      try {
        const stored = new Set(
          (await handle.db.selectFrom("leads").select("email").execute()).map((row) => row.email),
        );
        const lost = acknowledged.filter((email) => !stored.has(email));
        expect(lost).toEqual([]);
      } finally {
        await handle.close();
      }
      second.child.kill("SIGTERM");
      await exited(second.child);
    } finally {
      await engine.cleanup?.();
    }
  });
});
