import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryCounter } from "./limit-counters.ts";

describe("memoryCounter (one process's limits)", () => {
  afterEach(() => vi.useRealTimers());

  it("counts each key's hits in its window, and tells each hit its own count", async () => {
    const counter = memoryCounter();
    const hits = await Promise.all([1, 2, 3].map(() => counter.hit("contact|203.0.113.5", 60_000)));
    expect(hits.map((hit) => hit.hits)).toEqual([1, 2, 3]);
    expect((await counter.hit("login|203.0.113.5", 60_000)).hits).toBe(1);
    expect((await counter.peek("contact|203.0.113.5", 60_000)).hits).toBe(3);
    expect((await counter.peek("unknown", 60_000)).hits).toBe(0);
  });

  it("starts a new window when the old one ends, and sweeps what has ended", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T10:00:00Z") });
    const counter = memoryCounter();
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
    const counter = memoryCounter({ maxKeys: 3 });
    for (const key of ["a", "b", "c"]) await counter.hit(key, 60_000);
    await counter.hit("a", 60_000);
    await counter.hit("d", 60_000);
    expect((await counter.peek("b", 60_000)).hits).toBe(0);
    expect((await counter.peek("a", 60_000)).hits).toBe(2);
    expect((await counter.peek("c", 60_000)).hits).toBe(1);
    expect((await counter.peek("d", 60_000)).hits).toBe(1);
  });
});
