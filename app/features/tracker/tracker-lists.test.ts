import { describe, expect, it } from "vitest";
import type { LiveChanges } from "../../../domain/lead-changes.ts";
import { nextPageUrl, withMore } from "../../components/admin/paged-list.ts";
import { a, b, c, ids, lead, list, today, x } from "./test-leads.ts";
import { listAfterSave, neighbourOf, placeSavedLead, syncLists } from "./tracker-lists.ts";

describe("placeSavedLead", () => {
  it("moves a lead no longer UNREAD to the top of Follow Up With, with its new values", () => {
    const saved = { ...b, CommStatus: "CONVERSING" as const, Notes: "called" };
    const lists = placeSavedLead({ fresh: list(a, b, c), old: list(x) }, saved);
    expect(ids(lists.fresh.leads)).toEqual(["a", "c"]);
    expect(lists.old.leads).toEqual([saved, x]);
  });

  it("keeps a moved lead at the top when it is saved again", () => {
    const once = placeSavedLead({ fresh: list(a), old: list(x) }, { ...x, LeadStatus: "HOT" });
    expect(ids(once.old.leads)).toEqual(["x"]);
    expect(once.old.leads[0]?.LeadStatus).toBe("HOT");
  });

  it("returns a lead set back to UNREAD to New Leads in its place by arrival", () => {
    const back = { ...lead("m", "2026-11-02T12:00:00.000Z"), CommStatus: "UNREAD" as const };
    const lists = placeSavedLead(
      { fresh: list(a, b, c), old: list({ ...back, CommStatus: "DEAD" }, x) },
      back,
    );
    expect(ids(lists.fresh.leads)).toEqual(["a", "m", "b", "c"]);
    expect(ids(lists.old.leads)).toEqual(["x"]);
  });

  it("keeps an UNREAD lead in place when only its lead status changes", () => {
    const lists = placeSavedLead(
      { fresh: list(a, b, c), old: list() },
      { ...b, LeadStatus: "HOT" },
    );
    expect(ids(lists.fresh.leads)).toEqual(["a", "b", "c"]);
  });

  it("keeps the Due strip in date order: updated while due, added when newly due, dropped after", () => {
    const d1 = lead("d1", "2026-11-01T00:00:00.000Z", "REPLIED", "2026-11-20");
    const d2 = lead("d2", "2026-11-01T00:00:00.000Z", "REPLIED", "2026-11-24");
    const start = { due: list(d1, d2), fresh: list(), old: list(d1, d2) };
    const newlyDue = { ...x, NextFollowUp: "2026-11-22" };
    expect(ids(placeSavedLead(start, newlyDue, today).due?.leads ?? [])).toEqual(["d1", "x", "d2"]);
    const movedOn = { ...d1, NextFollowUp: "2026-12-01" };
    expect(ids(placeSavedLead(start, movedOn, today).due?.leads ?? [])).toEqual(["d2"]);
    const stillDue = { ...d2, LeadStatus: "HOT" as const };
    expect(placeSavedLead(start, stillDue, today).due?.leads[1]?.LeadStatus).toBe("HOT");
  });
});

describe("where a saved lead is shown", () => {
  it("stays in the list it was saved from while it belongs there, else goes home", () => {
    expect(listAfterSave({ ...a, CommStatus: "REPLIED" }, "fresh", today)).toBe("old");
    expect(listAfterSave(a, "fresh", today)).toBe("fresh");
    expect(listAfterSave({ ...x, NextFollowUp: "2026-11-20" }, "due", today)).toBe("due");
    expect(listAfterSave({ ...x, NextFollowUp: "2026-12-20" }, "due", today)).toBe("old");
  });
});

describe("the lead to go to once one is removed", () => {
  it("finds the lead to go to once one is removed: the next, or the previous at the end", () => {
    const lists = { fresh: list(a, b), old: list(x) };
    expect(neighbourOf(lists, "a")).toEqual({ listKey: "fresh", id: "b" });
    expect(neighbourOf(lists, "x")).toEqual({ listKey: "fresh", id: "b" });
  });
});

describe("paging helpers", () => {
  it("reads the next link and appends without repeats, or keeps the error", () => {
    expect(nextPageUrl('</api/leads/new?limit=50&cursor=abc>; rel="next"')).toBe(
      "/api/leads/new?limit=50&cursor=abc",
    );
    expect(nextPageUrl(null)).toBeNull();
    expect(ids(withMore(list(a), list(a, b)).leads)).toEqual(["a", "b"]);
    const failed = withMore({ ...list(a), loadingMore: true }, { ...list(), error: "Gone" });
    expect(failed).toEqual({ leads: [a], next: null, error: "Gone", loadingMore: false });
  });
});

describe("live updates", () => {
  const counts = { new: 3, old: 1, due: 0 };
  const answer = (over: Partial<LiveChanges>): LiveChanges => ({
    through: "2026-11-26T12:00:00.000Z",
    leads: [],
    matching: [],
    removed: [],
    counts,
    complete: true,
    ...over,
  });

  it("adds an arrival to New Leads in its place, and counts it", () => {
    const fresh = lead("n", "2026-11-04T00:00:00.000Z");
    const { lists, arrived } = syncLists(
      { fresh: { ...list(a, b), total: 2 }, old: list(x) },
      answer({ leads: [fresh], matching: ["n"] }),
      today,
    );
    expect(ids(lists.fresh.leads)).toEqual(["n", "a", "b"]);
    expect(arrived).toBe(1);
    expect(lists.fresh.total).toBe(3);
  });

  it("takes a lead changed elsewhere where it belongs, drops what left, and skips its own copy", () => {
    const moved = { ...a, CommStatus: "REPLIED" as const, UpdatedAt: "2026-11-26T11:59:00.000Z" };
    const { lists, arrived } = syncLists(
      { fresh: list(a, b, c), old: list(x) },
      answer({ leads: [moved, x], matching: ["a", "x"], removed: ["c"] }),
      today,
    );
    expect(arrived).toBe(0);
    expect(ids(lists.fresh.leads)).toEqual(["b"]);
    expect(ids(lists.old.leads)).toEqual(["a", "x"]);
    expect(lists.old.leads[1]).toBe(x);
  });

  it("leaves an older arrival to Load more, and drops a lead that no longer matches", () => {
    const older = lead("o", "2026-10-15T00:00:00.000Z");
    const changed = { ...b, Notes: "x", UpdatedAt: "2026-11-26T11:00:00.000Z" };
    const { lists } = syncLists(
      { fresh: { leads: [a, b], next: "/api/leads/new?cursor=1", error: null }, old: list() },
      answer({ leads: [older, changed], matching: ["o"] }),
      today,
    );
    expect(ids(lists.fresh.leads)).toEqual(["a"]);
  });
});
