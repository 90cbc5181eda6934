import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  Autosaver,
  type AutosaveState,
  autosaveLabel,
  autosaveReducer,
  initialAutosave,
  retryDelay,
  type SaveOutcome,
} from "./autosave.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function harness(outcomes: SaveOutcome[]) {
  const states: AutosaveState[] = [];
  const save = vi.fn(async () => outcomes.shift() ?? ({ kind: "saved" } as const));
  const saver = new Autosaver(save, (state) => states.push(state), 1200);
  return { saver, save, states, last: () => states.at(-1) };
}

describe("autosave", () => {
  it("saves once, 1.2 s after the last of several changes", async () => {
    const { saver, save, last } = harness([]);
    saver.changed();
    await vi.advanceTimersByTimeAsync(800);
    saver.changed();
    expect(last() && autosaveLabel(last() as AutosaveState)).toBe("Saving…");
    await vi.advanceTimersByTimeAsync(1199);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(last()?.status).toBe("saved");
  });

  it("saves at least every 5 s while the typing never pauses", async () => {
    const { saver, save } = harness([]);
    for (let ms = 0; ms < 12_000; ms += 400) {
      saver.changed();
      await vi.advanceTimersByTimeAsync(400);
    }
    // A change every 0.4 s leaves no 1.2 s pause: saved at 5 s and 10 s all the same.
    expect(save).toHaveBeenCalledTimes(2);
  });

  it("retries a failed save with growing waits, then says Saved", async () => {
    const { saver, save, last } = harness([{ kind: "retry" }, { kind: "retry" }]);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1200);
    expect(last()?.status).toBe("retrying");
    expect(autosaveLabel(last() as AutosaveState)).toBe("Not saved, retrying");
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);
    expect(last()?.status).toBe("saved");
  });

  it("stops on a conflict until resumed, whatever is typed meanwhile", async () => {
    const current = {
      version: 9,
      updatedAt: "2026-11-20T10:00:00Z",
      updatedBy: { name: "Sam", email: "sam@example.com" },
    };
    const { saver, save, last } = harness([{ kind: "conflict", current, message: "Changed" }]);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1200);
    expect(last()?.conflict?.updatedBy?.name).toBe("Sam");
    saver.changed();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(last()?.status).toBe("saved");
  });

  it("saves again when the text changed while a save was in flight", async () => {
    let finish: (outcome: SaveOutcome) => void = () => {};
    const states: AutosaveState[] = [];
    const save = vi
      .fn<() => Promise<SaveOutcome>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockResolvedValue({ kind: "saved" });
    const saver = new Autosaver(save, (state) => states.push(state), 1200);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1200);
    saver.changed();
    finish({ kind: "saved" });
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)?.status).toBe("pending");
    await vi.advanceTimersByTimeAsync(1200);
    expect(save).toHaveBeenCalledTimes(2);
    expect(states.at(-1)?.status).toBe("saved");
  });

  it("keeps a 400's field messages and caps the backoff", () => {
    const state = autosaveReducer(initialAutosave, {
      type: "settled",
      outcome: { kind: "invalid", message: "Check", fields: { title: "too short" } },
      changedSince: false,
    });
    expect(state.fields.title).toBe("too short");
    expect(retryDelay(1)).toBe(1000);
    expect(retryDelay(3)).toBe(4000);
    expect(retryDelay(20)).toBe(30_000);
  });
});

describe("leaving the editor", () => {
  it("sends a change still waiting for its pause, once", async () => {
    const { saver, save } = harness([]);
    saver.changed();
    await vi.advanceTimersByTimeAsync(500);
    saver.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("sends nothing when everything was saved", async () => {
    const { saver, save } = harness([]);
    saver.changed();
    await vi.advanceTimersByTimeAsync(1200);
    saver.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
