import { describe, expect, it } from "vitest";
import type { LeadMessage } from "../../../domain/conversation.ts";
import { withEarlier, withLatest } from "./conversation-pages.ts";

const message = (n: number, status: LeadMessage["status"] = "received"): LeadMessage => ({
  ID: `0190f1a2-7b3c-7d4e-8f50-${String(n).padStart(12, "0")}`,
  direction: "in",
  from: "rosa@bakery.example",
  to: "hello@fineline.studio",
  subject: `Reply ${n}`,
  text: "…",
  at: new Date(Date.UTC(2026, 10, 26, 15, 0, n)).toISOString(),
  status,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => message(from + i));
const numbers = (shown: { messages: LeadMessage[] }) =>
  shown.messages.map((m) => Number(m.subject.slice(6)));

describe("the conversation on screen", () => {
  it("opens on the latest page and adds earlier pages in front", () => {
    let shown = withLatest(null, range(5, 10), "/earlier-1");
    expect(numbers(shown)).toEqual([5, 6, 7, 8, 9]);
    shown = withEarlier(shown, range(0, 5), null);
    expect(numbers(shown)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(shown.earlier).toBeNull();
  });

  it("merges the latest page read again, keeping earlier pages and newer statuses", () => {
    const shown = withEarlier(withLatest(null, range(5, 10), "/earlier-1"), range(0, 5), null);
    const again = withLatest(shown, [...range(7, 11), message(11, "sent")], "/earlier-2");
    expect(numbers(again)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(again.messages.at(-1)?.status).toBe("sent");
    expect(again.earlier).toBeNull();
  });

  it("starts again from the latest page when more came than a page holds", () => {
    const shown = withLatest(null, range(0, 5), null);
    const again = withLatest(shown, range(20, 25), "/earlier");
    expect(numbers(again)).toEqual([20, 21, 22, 23, 24]);
    expect(again.earlier).toBe("/earlier");
  });
});
