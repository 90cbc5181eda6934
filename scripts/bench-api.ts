/**
 * `npm run bench:api`: autocannon against POST /api/leads/contact-us on the real server
 * (SQLite, RATE_LIMIT=off, 20 connections), then against a bare Fastify route of the same
 * Fastify (the ceiling), in one run. Prints requests/s, p50/p99 latency, the ratio to the
 * ceiling, and checks that stored leads equal acknowledged ones.
 *
 *   npm run bench:api [-- --duration=10] [-- --connections=20]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openSqlite } from "../server/db/connect.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ""] = arg.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const duration = Number(args.get("duration") || 10);
const connections = Number(args.get("connections") || 20);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(url: string, child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      await fetch(url, { method: "HEAD" });
      return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start`);
}

type Run = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  acknowledged: number;
  errors: number;
  non2xx: number;
};

async function hammer(name: string, url: string): Promise<Run> {
  let counter = 0;
  const result = await autocannon({
    url: `${url}/api/leads/contact-us`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        // A distinct address each time, so the repeat guard never merges two requests.
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify({
            email: `bench-${process.pid}-${counter++}@load.example`,
            firstName: "Bench",
            lastName: "Mark",
            message: "Load test request from npm run bench:api.",
          }),
        }),
      },
    ],
  });
  const created = Number(result.statusCodeStats?.["201"]?.count ?? 0);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    acknowledged: created,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("exit", stopAll);

const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-bench-"));
const appPort = await freePort();
const ceilingPort = await freePort();

const appServer = spawn(process.execPath, ["scripts/start.ts"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    SMTP_URL: "",
    NOTIFY_EMAIL: "",
  },
});
children.push(appServer);
const ceiling = spawn(process.execPath, ["scripts/bench-ceiling.ts"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, PORT: String(ceilingPort) },
});
children.push(ceiling);

await waitForPort(`http://127.0.0.1:${appPort}/healthz`, appServer);
await waitForPort(`http://127.0.0.1:${ceilingPort}/`, ceiling);

console.error(`bench:api: ${connections} connections, ${duration} s each, SQLite in ${dataDir}`);
const ceilingRun = await hammer("bare Fastify (ceiling)", `http://127.0.0.1:${ceilingPort}`);
const appRun = await hammer("contact-us (SQLite)", `http://127.0.0.1:${appPort}`);
const exited = children.map((child) => new Promise((resolve) => child.once("exit", resolve)));
stopAll();
await Promise.all(exited); // count only after the server has shut down cleanly

const handle = openSqlite(path.join(dataDir, "app.db"));
const stored = Number(
  (
    await handle.db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
);
await handle.close();

const rows = [ceilingRun, appRun];
const header = ["target", "req/s", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors"];
const lines = rows.map((r) => [
  r.name,
  r.rps.toFixed(0),
  String(r.p50),
  String(r.p99),
  String(r.acknowledged),
  String(r.non2xx),
  String(r.errors),
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(fmt(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const l of lines) console.log(fmt(l));
const ratio = appRun.rps / ceilingRun.rps;
console.log(`\nratio to ceiling: ${(ratio * 100).toFixed(1)}%  (goal ≥ 50%)`);
console.log(`p99: ${appRun.p99} ms  (goal < 25 ms)`);
console.log(
  `acknowledged 201s: ${appRun.acknowledged}, stored leads: ${stored}, lost: ${Math.max(0, appRun.acknowledged - stored)}`,
);
if (stored < appRun.acknowledged) {
  console.error("LOST WRITES: fewer leads stored than acknowledged");
  process.exitCode = 1;
}
