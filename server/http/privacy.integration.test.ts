import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../domain/endpoints.ts";
import { openPostgres } from "../db/connect.ts";
import { connectRedis } from "../redis.ts";
import { postgresAdminQuery, postgresUrlFor } from "../test-support/databases.ts";
import { makeFakeBuild } from "../test-support/fake-build.ts";
import { exited, type ServerProcess, startServerProcess } from "../test-support/server-process.ts";
import { testSecret } from "../test-support/tokens.ts";
import { limitKeys } from "./limit-counters.ts";

/**
 * What /privacy promises about the server's own records (docs/operations.md, "Logs" and
 * "Limits and timeouts"): at the default log level no line holds a client's address or a path
 * with its query, and the rate limits store no address, nor a hash anyone can reverse by trying
 * every address, and nothing at all for a page view. Real server processes behind a trusted
 * proxy, so the client's address is a distinctive one of the test's, counted in a real Redis or
 * a real PostgreSQL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
const client = "198.51.100.173";
const browser =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const headers = { "x-forwarded-for": client, "user-agent": browser };

/** The names of the limits this traffic meets, as @fastify/rate-limit gives them to the store. */
const limitNames = [
  "POST /api/visits",
  `GET ${endpoints.contactToken.url}`,
  "POST /api/leads/contact-us",
  "not-found",
];
const sha256 = (text: string, encoding: "hex" | "base64url") =>
  createHash("sha256").update(text).digest(encoding);
/** How the old code stored a limit's key, and the plain hashes of the address itself. */
const reversibleForms = [
  ...limitNames.flatMap((name) => [
    sha256(`${name}|${client}`, "base64url"),
    sha256(`${name}|${client}`, "hex"),
  ]),
  sha256(client, "base64url"),
  sha256(client, "hex"),
];
/** The key a limit is stored under: an HMAC under the server's key and the UTC day. */
const keyedForms = (name: string) => {
  const now = Date.now();
  // Either side of midnight UTC, should the test run across it.
  return [now - 60_000, now].map((at) =>
    limitKeys(new TextEncoder().encode(testSecret), () => new Date(at))(`${name}|${client}`),
  );
};

/** Pages and a file; and the beacons of those who are not counted (GPC, DNT, a robot). */
async function pageViews(url: string) {
  for (const page of ["/about?utm_source=newsletter&q=Jane+Privateperson", "/", "/about"])
    expect((await fetch(`${url}${page}`, { headers })).status).toBe(200);
  expect((await fetch(`${url}/assets/root-AbC123.js`, { headers })).status).toBe(200);
  const notCountedHeaders: Record<string, string>[] = [
    { "sec-gpc": "1" },
    { dnt: "1" },
    { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  ];
  for (const notCounted of notCountedHeaders) {
    const beacon = await fetch(`${url}/api/visits`, {
      method: "POST",
      headers: { ...headers, ...notCounted, "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ path: "/about" }),
    });
    expect(beacon.status).toBe(204);
  }
}

async function formsAndBeacons(url: string) {
  const beacon = await fetch(`${url}/api/visits`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ path: "/about", utm_source: "newsletter" }),
  });
  expect(beacon.status).toBe(204);
  expect((await fetch(`${url}${endpoints.contactToken.url}`, { headers })).status).toBe(200);
  const contact = await fetch(`${url}/api/leads/contact-us`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      email: "ada.private@example.com",
      firstName: "Ada",
      lastName: "Private",
      message: "Hello from a private person",
    }),
  });
  expect(contact.status).toBe(201);
  const unknown = await fetch(`${url}/no-such-page?q=Jane+Privateperson`, {
    headers,
    redirect: "manual",
  });
  expect(unknown.status).toBe(302);
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  await exited(server.child);
}

/** Checks every line a stopped server wrote. */
function expectLogsWithoutClient(server: ServerProcess) {
  const output = server.output();
  const lines = output.trim().split("\n");
  expect(lines.filter((line) => line.includes('"msg":"request completed"')).length).toBe(11);
  for (const line of lines) {
    expect(line).not.toContain(client);
    for (const raw of ["/about", "utm_source", "Privateperson", "/no-such-page", "?"])
      expect(line, line).not.toContain(raw);
  }
  // What an operator still reads: method, route pattern, status, time.
  expect(output).toMatch(
    /"res":\{"statusCode":204,"method":"POST","route":"\/api\/visits"\},"responseTime":[\d.]+/,
  );
}

/** Checks the keys a store holds: none reversible, and exactly those the forms and the beacon made. */
function expectKeyedOnly(stored: string[]) {
  for (const key of stored) {
    expect(key).not.toContain(client);
    for (const reversible of reversibleForms) expect(key).not.toContain(reversible);
  }
  for (const name of limitNames)
    expect(
      stored.filter((key) => keyedForms(name).some((keyed) => key.endsWith(keyed))),
      name,
    ).toHaveLength(1);
  expect(stored).toHaveLength(limitNames.length);
}

const startServer = (env: Record<string, string>) => {
  const root = path.dirname(makeFakeBuild());
  return startServerProcess(
    {
      PORT: "0",
      DATA_DIR: path.join(root, "data"),
      JWT_SECRET: testSecret,
      TRUST_PROXY: "loopback",
      DIGEST_HOUR: "off",
      ...env,
    },
    root,
  );
};

describe.runIf(redisUrl)("privacy with limits in Redis, at the default log level", () => {
  const redis = connectRedis(redisUrl ?? "");
  afterAll(() => redis.disconnect());

  it("logs no client address or query, writes no key for a page view, and only keyed ones for forms", async () => {
    const prefix = `fineline-test-${randomUUID()}:`;
    const server = startServer({ REDIS_URL: redisUrl ?? "", REDIS_KEY_PREFIX: prefix });
    try {
      const url = await server.url();
      await pageViews(url);
      // A page view, and a beacon that is not counted, count nothing.
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
      await formsAndBeacons(url);
      expectKeyedOnly(await redis.keys(`${prefix}*`));
    } finally {
      await stop(server);
    }
    expectLogsWithoutClient(server);
  });
});

describe.runIf(pgUrl)("privacy with limits in PostgreSQL, at the default log level", () => {
  const dbName = `privacy_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(() => postgresAdminQuery(`create database "${dbName}"`));
  afterAll(() => postgresAdminQuery(`drop database if exists "${dbName}" with (force)`));

  it("logs no client address or query, counts nothing for a page view, and only keyed keys for forms", async () => {
    const server = startServer({ DATABASE_URL: postgresUrlFor(dbName) });
    const database = openPostgres(postgresUrlFor(dbName));
    const storedKeys = async () =>
      (await database.db.selectFrom("rate_limit_counters").select("key").execute()).map(
        (row) => row.key,
      );
    try {
      const url = await server.url();
      await pageViews(url);
      expect(await storedKeys()).toEqual([]);
      await formsAndBeacons(url);
      expectKeyedOnly(await storedKeys());
    } finally {
      await stop(server);
      await database.close();
    }
    expectLogsWithoutClient(server);
  });
});

describe("privacy on SQLite (limits in memory), at the default log level", () => {
  it("logs no client address or query", async () => {
    const server = startServer({});
    try {
      const url = await server.url();
      await pageViews(url);
      await formsAndBeacons(url);
    } finally {
      await stop(server);
    }
    expectLogsWithoutClient(server);
  });
});
