/**
 * `npm run bench:import`: imports a generated CSV file of 50,000 leads through the whole app
 * (Fastify, the admin guard, the streaming parser, Kysely, the database) with app.inject(),
 * then imports it again (nothing changes) and undoes the first import, and reports each step's
 * time and the process's peak heap and RSS growth. The numbers are in docs/integrations.md.
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (in a schema of its own).
 *
 *   npm run bench:import [-- --rows=50000]
 */
import { testEngines } from "../server/test-support/databases.ts";
import { buildTestApp } from "../server/test-support/test-app.ts";
import { signedInUser, testSecret } from "../server/test-support/tokens.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ""] = arg.replace(/^--/, "").split("=");
    return [key, value] as const;
  }),
);
const rowCount = Number(args.get("rows") || 50_000);

/** A file like a CRM's export: names, a phone, notes with a comma and a quoted line break. */
function csvFile(rows: number) {
  const lines = ["Email,First Name,Last Name,Phone Number,Notes,Lifecycle Stage"];
  for (let i = 0; i < rows; i++)
    lines.push(
      `lead${i}@example.com,First${i},Last${i},+44 20 7946 ${String(i % 10_000).padStart(4, "0")},"Met at stand ${i % 40}, wants a quote.\nCall after 2pm.",lead`,
    );
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Samples the heap while a step runs (between the event loop's turns), and reads the process's
 * peak resident size from the kernel (maxRSS: no sample can miss it).
 */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = process.memoryUsage();
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  let peakHeap = start.heapUsed;
  let peakRss = start.rss;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 20);
  const began = performance.now();
  const result = await run();
  const ms = performance.now() - began;
  clearInterval(timer);
  console.info(
    `  ${name.padEnd(14)} ${(ms / 1000).toFixed(1).padStart(5)} s   heap peak +${mb(peakHeap - start.heapUsed)}   rss peak +${mb(peakRss - start.rss)}   process peak rss ${mb(Math.max(maxRssBefore, process.resourceUsage().maxRSS * 1024))}`,
  );
  return result;
}

for (const engine of testEngines) {
  const database = await engine.open();
  const app = await buildTestApp(database, { JWT_SECRET: testSecret, RATE_LIMIT: "off" });
  const admin = await signedInUser(database.db, "admin");
  const file = csvFile(rowCount);
  console.info(`${engine.name}: ${rowCount.toLocaleString("en-US")} rows, ${mb(file.byteLength)}`);
  const upload = (query: string) =>
    app.inject({
      method: "POST",
      url: `/api/leads/import${query}`,
      headers: { "x-access-token": admin.accessToken, "content-type": "text/csv" },
      payload: file,
    });
  const check = (res: Awaited<ReturnType<typeof upload>>) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json() as { new: number; unchanged: number; batchId?: string };
  };
  await step("dry run", async () => check(await upload("?dryRun=true")));
  const first = await step("import", async () => check(await upload("?fileName=bench.csv")));
  await step("import again", async () => check(await upload("?fileName=bench.csv")));
  await step("undo", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/api/leads/import/${first.batchId}/undo`,
      headers: { "x-access-token": admin.accessToken },
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  });
  await app.close();
  await database.close();
}
