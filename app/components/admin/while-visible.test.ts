import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whileVisible } from "./while-visible.ts";

const liveStatsMs = 15_000;

/** A page whose visibility the test sets, as a browser would on switching tabs. */
class Page extends EventTarget {
  visibilityState: DocumentVisibilityState = "visible";
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

describe("polling while the tab is visible", () => {
  let page: Page;
  let calls: number;
  let stop: () => void;
  const refresh = async () => {
    calls++;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    page = new Page();
    calls = 0;
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("asks again every 15 seconds while the page is visible", async () => {
    expect(liveStatsMs).toBe(15_000);
    stop = whileVisible(refresh, { page, intervalMs: liveStatsMs });
    // The loader has just answered: nothing at once.
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(3);
  });

  it("stops while hidden and asks at once when shown again", async () => {
    stop = whileVisible(refresh, { page, intervalMs: liveStatsMs });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(1);
    page.show("hidden");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(1);
    page.show("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(3);
  });

  it("never asks twice at once, and keeps going after a failed round", async () => {
    let answer: () => void = () => {};
    let failing = true;
    stop = whileVisible(
      () => {
        calls++;
        if (failing) return Promise.reject(new Error("offline"));
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      },
      { page, intervalMs: liveStatsMs },
    );
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(1);
    failing = false;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(2);
    // A slow answer: shown again meanwhile, and 15 seconds pass, without a second question.
    page.show("visible");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(2);
    answer();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(3);
  });

  it("asks nothing after it is stopped, nor when the page opens hidden", async () => {
    whileVisible(refresh, { page, intervalMs: liveStatsMs })();
    page.show("hidden");
    page.show("visible");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(0);

    const hidden = new Page();
    hidden.visibilityState = "hidden";
    stop = whileVisible(refresh, { page: hidden, intervalMs: liveStatsMs });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(0);
  });
});
