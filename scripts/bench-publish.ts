/**
 * `npm run bench:publish`: what docs/site.md ("Publishing without a build") sets as goals, with
 * `--posts` journal posts (default 1,000) in the database, on SQLite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL. Two app instances share the database and a real
 * build of the site (made first, about 15 s).
 * 1. A full render of every page from the database (what a new release does at its first start).
 * 2. Publish to served: `--publishes` new posts (default 30), each created and published
 *    through the API on instance A, timed until A serves it (the answer says "Live at") and
 *    until instance B serves it (B learns from the database). Goals: p95 ≤ 2 s, B ≤ 5 s.
 * 3. Memory at rest: the process's resident set after a garbage collection, with both
 *    instances up, and the bytes of rendered pages each instance keeps.
 *
 *   npm run bench:publish [-- --posts=1000] [-- --publishes=30]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { defaultContentDir } from "../server/content/import.ts";
import { type TestDatabase, testEngines } from "../server/test-support/databases.ts";
import { makeRealBuild } from "../server/test-support/real-build.ts";
import { signedInUser, testSecret } from "../server/test-support/tokens.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ""] = arg.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const postCount = Number(args.get("posts") || 1000);
const publishes = Number(args.get("publishes") || 30);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const words = "studio site page owner speed search lead client booking journal".split(" ");
const paragraph = (n: number) =>
  Array.from({ length: 120 }, (_, i) => words[(i * 7 + n) % words.length]).join(" ");

function post(n: number) {
  const day = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  return {
    type: "post",
    slug: `bench-post-${n}`,
    title: `Benchmark post number ${n}`,
    description: `A post written for the publishing benchmark, number ${n}, about fast small-business sites.`,
    date: day,
    author: "Maya Okafor",
    section: "building",
    tags: ["benchmark"],
    body: `## Why ${n}\n\n${paragraph(n)}\n\n${paragraph(n + 1)}\n\n${paragraph(n + 2)}\n`,
  };
}

function configFor(buildDir: string, name: string) {
  return loadConfig(
    {
      LOG_LEVEL: "silent",
      JWT_SECRET: testSecret,
      RATE_LIMIT: "off",
      DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), "fineline-bench-publish-")), name),
    },
    { buildDir },
  );
}

async function run(engine: string, database: TestDatabase, buildDir: string) {
  const lines: string[] = [];
  const headers = { "x-access-token": (await signedInUser(database.db, "admin")).accessToken };
  // The posts, straight through the API of an instance that renders nothing.
  // The site's own content first, as a fresh install imports it.
  const seeder = await buildApp(configFor(buildDir, "seed"), {
    database,
    serveSite: false,
    contentDir: defaultContentDir,
  });
  let started = performance.now();
  for (let n = 0; n < postCount; n++) {
    const created = await seeder.inject({
      method: "POST",
      url: "/api/content",
      headers,
      payload: post(n),
    });
    const { entry } = created.json();
    await seeder.inject({
      method: "POST",
      url: `/api/content/${entry.id}/publish`,
      headers,
      payload: {},
    });
  }
  await seeder.close();
  lines.push(
    `${engine}: ${postCount} posts created and published in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const instance = (name: string, handle: TestDatabase | ReturnType<TestDatabase["sibling"]>) =>
    buildApp(configFor(buildDir, name), {
      database: handle,
      contentDir: null,
      liveSite: { reconcileAtStart: false },
    });
  const a: FastifyInstance = await instance("a", database);
  const b: FastifyInstance = await instance("b", database.sibling());
  started = performance.now();
  const full = await a.liveSite?.publisher.reconcile();
  lines.push(
    `${engine}: full render of every page: ${full?.rendered.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s (${full?.checked} pages looked at)`,
  );

  const toA: number[] = [];
  const reports: { ms: number; line: string }[] = [];
  const watch = a.liveSite?.publisher;
  const toB: number[] = [];
  for (let n = postCount; n < postCount + publishes; n++) {
    const created = await a.inject({
      method: "POST",
      url: "/api/content",
      headers,
      payload: post(n),
    });
    const { entry } = created.json();
    const at = performance.now();
    const published = await a.inject({
      method: "POST",
      url: `/api/content/${entry.id}/publish`,
      headers,
      payload: {},
    });
    const url = published.json().url as string;
    const last = watch?.lastReport();
    if (last)
      reports.push({
        ms: last.ms,
        line: `${last.ms} ms: ${Object.entries(last.phases)
          .map(([phase, ms]) => `${phase} ${ms}`)
          .join(
            ", ",
          )}; ${last.checked} looked at, ${last.rendered.length} rendered (${last.rendered.join(" ")})`,
      });
    const served = await a.inject({ method: "GET", url });
    if (served.statusCode !== 200) throw new Error(`${url} answered ${served.statusCode} on A`);
    toA.push(performance.now() - at);
    for (;;) {
      if ((await b.inject({ method: "GET", url })).statusCode === 200) break;
      if (performance.now() - at > 30_000) throw new Error(`${url} not on B after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    toB.push(performance.now() - at);
  }
  const fmt = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    return `p50 ${Math.round(percentile(sorted, 50))} ms, p95 ${Math.round(percentile(sorted, 95))} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`;
  };
  lines.push(`${engine}: publish → served on A (${publishes}): ${fmt(toA)} (goal p95 ≤ 2,000 ms)`);
  lines.push(`${engine}: publish → served on B (${publishes}): ${fmt(toB)} (goal ≤ 5,000 ms)`);
  const median = reports.sort((x, y) => x.ms - y.ms)[Math.floor(reports.length / 2)];
  if (median) lines.push(`${engine}: the median publish's pass: ${median.line}`);

  (globalThis as { gc?: () => void }).gc?.();
  const kept = [...(a.liveSite?.live.all() ?? [])].reduce(
    (sum, page) => sum + (page.br ? page.br.length : page.body().length) + (page.gz?.length ?? 0),
    0,
  );
  lines.push(
    `${engine}: at rest, both instances in one process: RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB; rendered pages kept per instance ${(kept / 2 ** 20).toFixed(1)} MiB`,
  );
  await a.close();
  await b.close();
  return lines;
}

const buildDir = makeRealBuild();
const report: string[] = [];
for (const engine of testEngines) {
  const database = await engine.open();
  try {
    report.push(...(await run(engine.name, database, buildDir)));
  } finally {
    await database.close();
  }
}
console.log(report.join("\n"));
