import { describe, expect, it } from "vitest";
import type { Entry } from "./content-api.ts";
import { isOwnUnansweredSave, type SavePayload } from "./lost-save.ts";

const sent: SavePayload = {
  slug: "through-the-storm",
  body: "Before the storm. Phrase 1.",
  title: "Through the storm",
  tags: ["publishing"],
  venue: { name: "The Hall", country: "US" },
};

const server = (version: number, changes: Partial<Entry> = {}): Entry => ({
  id: "e1",
  type: "post",
  status: "draft",
  version,
  publishAt: null,
  publishedAt: null,
  url: null,
  updatedAt: "2026-11-28T21:47:00Z",
  updatedBy: { name: "Nora", email: "owner@example.com" },
  ...sent,
  // As PostgreSQL's jsonb keeps them: an object's keys in its own order.
  venue: { country: "US", name: "The Hall" },
  ...changes,
});

describe("a save whose answer never arrived", () => {
  it("is ours when the next version holds exactly what one unanswered save sent", () => {
    const later = { ...sent, body: `${sent.body} Phrase 2.` };
    expect(isOwnUnansweredSave(server(5), 4, [sent, later])).toBe(true);
    expect(isOwnUnansweredSave(server(5, { body: later.body }), 4, [sent, later])).toBe(true);
  });

  it("is someone else's when the text differs, a version was skipped, or nothing went unanswered", () => {
    expect(isOwnUnansweredSave(server(5, { body: "Their words." }), 4, [sent])).toBe(false);
    expect(isOwnUnansweredSave(server(5, { tags: ["other"] }), 4, [sent])).toBe(false);
    expect(isOwnUnansweredSave(server(6), 4, [sent])).toBe(false);
    expect(isOwnUnansweredSave(server(5), 4, [])).toBe(false);
  });
});
