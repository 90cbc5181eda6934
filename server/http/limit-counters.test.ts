import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limitKeys, memoryCounter } from "./limit-counters.ts";

const keyOf = limitKeys(new Uint8Array(32).fill(7));

describe("memoryCounter (one process's limits)", () => {
  afterEach(() => vi.useRealTimers());

  it("counts each key's hits in its window, and tells each hit its own count", async () => {
    const counter = memoryCounter(keyOf);
    const hits = await Promise.all([1, 2, 3].map(() => counter.hit("contact|203.0.113.5", 60_000)));
    expect(hits.map((hit) => hit.hits)).toEqual([1, 2, 3]);
    expect((await counter.hit("login|203.0.113.5", 60_000)).hits).toBe(1);
    expect((await counter.peek("contact|203.0.113.5", 60_000)).hits).toBe(3);
    expect((await counter.peek("unknown", 60_000)).hits).toBe(0);
  });

  it("starts a new window when the old one ends, and sweeps what has ended", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T10:00:00Z") });
    const counter = memoryCounter(keyOf);
    await counter.hit("a", 1_000);
    await counter.hit("a", 1_000);
    const late = await counter.hit("b", 60_000);
    expect(late.ttlMs).toBe(60_000);
    vi.advanceTimersByTime(1_000);
    expect((await counter.peek("a", 1_000)).hits).toBe(0);
    expect(await counter.sweep()).toBe(1);
    expect((await counter.hit("a", 1_000)).hits).toBe(1);
    expect((await counter.peek("b", 60_000)).ttlMs).toBe(59_000);
  });

  it("keeps at most maxKeys, dropping the least recently hit, so a flood of addresses cannot fill memory", async () => {
    const counter = memoryCounter(keyOf, { maxKeys: 3 });
    for (const key of ["a", "b", "c"]) await counter.hit(key, 60_000);
    await counter.hit("a", 60_000);
    await counter.hit("d", 60_000);
    expect((await counter.peek("b", 60_000)).hits).toBe(0);
    expect((await counter.peek("a", 60_000)).hits).toBe(2);
    expect((await counter.peek("c", 60_000)).hits).toBe(1);
    expect((await counter.peek("d", 60_000)).hits).toBe(1);
  });
});

describe("limitKeys (how a limit's key is stored)", () => {
  const signingKey = new Uint8Array(32).fill(7);
  const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

  it("is an HMAC under the server's key and the UTC day: never the address, nor its plain hash", () => {
    let now = new Date("2026-11-30T23:59:59.000Z");
    const keyOf = limitKeys(signingKey, () => now);
    const today = keyOf("POST /api/visits|203.0.113.5");
    expect(today).not.toContain("203.0.113.5");
    expect(today).not.toBe(sha256("POST /api/visits|203.0.113.5"));
    expect(keyOf("POST /api/visits|203.0.113.5")).toBe(today);
    expect(keyOf("POST /api/visits|203.0.113.6")).not.toBe(today);
    // Another server's key makes another key: nothing can be tried without ours.
    expect(
      limitKeys(new Uint8Array(32).fill(8), () => now)("POST /api/visits|203.0.113.5"),
    ).not.toBe(today);
    // The next UTC day, the same client has another key.
    now = new Date("2026-12-01T00:00:00.000Z");
    expect(keyOf("POST /api/visits|203.0.113.5")).not.toBe(today);
  });

  it("starts a window again at midnight UTC, under the new day's key", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-30T23:59:30.000Z") });
    const counter = memoryCounter(limitKeys(signingKey));
    await counter.hit("login|203.0.113.5", 60_000);
    expect((await counter.hit("login|203.0.113.5", 60_000)).hits).toBe(2);
    vi.advanceTimersByTime(31_000);
    expect((await counter.hit("login|203.0.113.5", 60_000)).hits).toBe(1);
  });
});
