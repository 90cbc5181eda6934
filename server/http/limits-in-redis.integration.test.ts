import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { connectRedis, firstConnection } from "../redis.ts";
import { contactPost, expectOneContactLimitAcross } from "../test-support/contact-post.ts";
import { startTcpProxy } from "../test-support/tcp-proxy.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";
import { limitKeys, redisCounter } from "./limit-counters.ts";

/**
 * A real Redis (TEST_REDIS_URL; CI sets it for the local one on 127.0.0.1:6379). Every test
 * writes under a key prefix of its own, so runs on one Redis never meet.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = () => `fineline-test-${randomUUID()}:`;

const contact = (n: number) => contactPost("redis", n);
const keyOf = limitKeys(new Uint8Array(32).fill(7));

describe.runIf(redisUrl)("rate limits in Redis (REDIS_URL)", () => {
  const redis = connectRedis(redisUrl ?? "");
  afterAll(() => redis.disconnect());

  it("count hits in a window Redis times, under a hashed key", async () => {
    expect(await firstConnection(redis)).toBe(true);
    const keyPrefix = prefix();
    const counter = redisCounter(redis, keyOf, keyPrefix);
    expect((await counter.peek("login|203.0.113.9", 60_000)).hits).toBe(0);
    const first = await counter.hit("login|203.0.113.9", 60_000);
    const second = await counter.hit("login|203.0.113.9", 60_000);
    expect([first.hits, second.hits]).toEqual([1, 2]);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counter.peek("login|203.0.113.9", 60_000)).hits).toBe(2);
    // The window lapses by itself: Redis expires the key, there is nothing to sweep.
    await counter.hit("short|x", 20);
    await new Promise((r) => setTimeout(r, 60));
    expect((await counter.hit("short|x", 20)).hits).toBe(1);
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys.length).toBe(2);
    for (const key of keys) expect(key).not.toContain("203.0.113.9");
  });

  it("count hits from many at once exactly (one atomic script per hit)", async () => {
    const counter = redisCounter(redis, keyOf, prefix());
    const results = await Promise.all(
      Array.from({ length: 50 }, () => counter.hit("burst", 60_000)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it("are shared by two instances: ten contact-form posts across both, then 429 on both", async () => {
    // One signing key, as instances behind one balancer have: limits are keyed by it.
    const env = { REDIS_URL: redisUrl ?? "", REDIS_KEY_PREFIX: prefix(), JWT_SECRET: testSecret };
    const [a, b] = [await buildTestApp(undefined, env), await buildTestApp(undefined, env)];
    try {
      await expectOneContactLimitAcross(a, b, "redis");
      expect((await a.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.runIf(redisUrl)("a Redis outage (REDIS_URL)", () => {
  const metricsToken = "m".repeat(40);
  const scrape = async (app: FastifyInstance) =>
    (
      await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${metricsToken}` },
      })
    ).body;
  const login = (app: FastifyInstance) =>
    app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "owner@example.com", password: "not-the-password" },
    });

  it("keeps the instance ready (Redis reported down), takes leads, refuses sign-in, and recovers", async () => {
    const target = new URL(redisUrl ?? "");
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const app = await buildTestApp(undefined, {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: prefix(),
      METRICS_TOKEN: metricsToken,
    });
    try {
      const up = await app.inject({ method: "GET", url: "/readyz" });
      expect(up.json()).toEqual({ status: "ready", redis: "up" });
      expect(await scrape(app)).toMatch(/^fineline_redis_up 1$/m);

      await proxy.goDown();
      // A balancer keeps routing here: the site and the contact form still serve.
      const down = await app.inject({ method: "GET", url: "/readyz" });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toEqual({ status: "ready", redis: "down" });
      expect(await scrape(app)).toMatch(/^fineline_redis_up 0$/m);
      expect((await app.inject(contact(1))).statusCode).toBe(201);
      expect((await app.inject({ method: "GET", url: "/about" })).statusCode).toBe(200);
      // Sign-in still fails closed.
      const refused = await login(app);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("60");

      await proxy.comeBack();
      const deadline = Date.now() + 10_000;
      let again = await app.inject({ method: "GET", url: "/readyz" });
      while (again.json().redis !== "up" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await app.inject({ method: "GET", url: "/readyz" });
      }
      expect(again.json()).toEqual({ status: "ready", redis: "up" });
      expect((await login(app)).statusCode).toBe(401); // judged again: a wrong password
    } finally {
      await app.close();
      await proxy.close();
    }
  });
});

describe("Redis that never answered", () => {
  it("leaves the instance ready with Redis reported down, while the contact form still takes leads and sign-in is refused", async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const app = await buildTestApp(undefined, { REDIS_URL: "redis://127.0.0.1:1" });
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready", redis: "down" });
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect((await app.inject(contact(1))).statusCode).toBe(201);
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: { email: "owner@example.com", password: "not-the-password" },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers["retry-after"]).toBe("60");
    } finally {
      await app.close();
    }
  });
});

describe("REDIS_URL and REDIS_KEY_PREFIX", () => {
  it("accept redis:// and rediss:// URLs and a short key prefix, nothing else", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({}).redisKeyPrefix).toBe("fineline:");
    expect(loadConfig({ REDIS_URL: "rediss://:pw@cache.internal:6380/2" }).redisUrl).toBe(
      "rediss://:pw@cache.internal:6380/2",
    );
    expect(() => loadConfig({ REDIS_URL: "http://cache.internal" })).toThrow(/REDIS_URL: must be/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: "has space" })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it("never echo a Redis password in an error", () => {
    try {
      loadConfig({ REDIS_URL: "memcached://:s3cret-pw@cache.internal" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain("cache.internal");
      expect(String(error)).not.toContain("s3cret-pw");
    }
  });
});
