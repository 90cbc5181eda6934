import { describe, expect, it } from "vitest";
import type { LiveChanges } from "../../../domain/lead-changes.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { nextPageUrl, withMore } from "../../components/admin/paged-list.ts";
import {
  checkedAfterClick,
  checkedWithList,
  initialTrackerState,
  listAfterSave,
  neighbourInList,
  neighbourOf,
  placeSavedLead,
  syncLists,
  type TrackerState,
  trackerReducer,
} from "./tracker-state.ts";

const lead = (
  id: string,
  createdAt: string,
  comm: LeadRecord["CommStatus"] = "UNREAD",
  followUp: string | null = null,
): LeadRecord => ({
  ID: id,
  FirstName: id,
  LastName: "",
  Email: `${id}@x.example`,
  Message: "",
  ContactedUs: true,
  LeadStatus: "WARM",
  CommStatus: comm,
  Notes: "",
  SourcePage: null,
  CreatedAt: createdAt,
  UpdatedAt: createdAt,
  NextFollowUp: followUp,
});
const ids = (leads: readonly LeadRecord[]) => leads.map((l) => l.ID);
const list = (...leads: LeadRecord[]) => ({ leads, next: null, error: null });
const today = "2026-11-26";

const a = lead("a", "2026-11-03T00:00:00.000Z");
const b = lead("b", "2026-11-02T00:00:00.000Z");
const c = lead("c", "2026-11-01T00:00:00.000Z");
const x = lead("x", "2026-10-01T00:00:00.000Z", "REPLIED");

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

describe("trackerReducer", () => {
  const start = (): TrackerState => initialTrackerState({ fresh: list(a, b, c), old: list(x) });

  it("keeps the owner in the list being worked when a save moves a lead out of it", () => {
    const opened = trackerReducer(start(), { type: "open", place: { listKey: "fresh", id: "b" } });
    const saved = { ...b, CommStatus: "REPLIED" as const };
    const state = trackerReducer(opened, {
      type: "saved",
      lead: saved,
      listKey: "fresh",
      control: "comm",
      message: { kind: "success", text: "Saved changes!", control: "comm" },
      today,
      dense: true,
    });
    expect(ids(state.lists.old.leads)).toEqual(["b", "x"]);
    // The next lead of New Leads opens in its place; the move is said, with a way to it.
    expect(state.open).toEqual({ listKey: "fresh", id: "c" });
    expect(state.notice).toEqual({
      text: "b moved to Follow Up With.",
      jump: { listKey: "old", id: "b" },
    });
    expect(state.messages.b).toEqual({
      kind: "success",
      text: "Saved changes!",
      control: "comm",
      where: "old",
    });
    // The last lead of a list: the one before it; on a phone, nothing opens by itself.
    const last = trackerReducer(opened, {
      type: "saved",
      lead: { ...c, CommStatus: "DEAD" },
      listKey: "fresh",
      control: "comm",
      message: { kind: "success", text: "Saved changes!", control: "comm" },
      today,
    });
    expect(last.open).toBeNull();
    expect(neighbourInList(start().lists, "fresh", "c")).toEqual({ listKey: "fresh", id: "b" });
    expect(neighbourInList({ fresh: list(a), old: list() }, "fresh", "a")).toBeNull();
  });

  it("keeps a lead in its place when a save leaves it in its list", () => {
    const worked = initialTrackerState({
      fresh: list(),
      old: list(x, { ...b, CommStatus: "REPLIED" }),
    });
    const state = trackerReducer(worked, {
      type: "saved",
      lead: { ...b, CommStatus: "CONVERSING" },
      listKey: "old",
      control: "comm",
      message: { kind: "success", text: "Saved changes!", control: "comm" },
      today,
    });
    expect(ids(state.lists.old.leads)).toEqual(["x", "b"]);
    expect(state.notice).toBeNull();
  });

  it("leaves the open lead alone when another lead's notes are saved", () => {
    const opened = trackerReducer(start(), { type: "open", place: { listKey: "fresh", id: "a" } });
    const state = trackerReducer(opened, {
      type: "saved",
      lead: { ...c, Notes: "rang" },
      listKey: "fresh",
      control: "notes",
      message: { kind: "success", text: "Saved changes!" },
      today,
    });
    expect(state.open).toEqual({ listKey: "fresh", id: "a" });
  });

  it("takes a removed lead off every list and out of the selection, and announces it", () => {
    const picked = trackerReducer(start(), { type: "checked", checked: new Set(["a", "b"]) });
    const state = trackerReducer(picked, {
      type: "removed",
      ids: ["a"],
      notice: { text: "a was erased." },
    });
    expect(ids(state.lists.fresh.leads)).toEqual(["b", "c"]);
    expect([...state.checked]).toEqual(["b"]);
    expect(state.notice).toEqual({ text: "a was erased." });
  });

  it("places every lead of a bulk update and keeps only the conflicts picked, each saying why", () => {
    const picked = trackerReducer(start(), { type: "checked", checked: new Set(["a", "b", "c"]) });
    const state = trackerReducer(picked, {
      type: "bulk-saved",
      updated: [
        { ...a, CommStatus: "DEAD" },
        { ...b, CommStatus: "DEAD" },
      ],
      conflicts: [{ ...c, CommStatus: "REPLIED" }],
      conflictText: "Someone else changed this lead.",
      today,
    });
    expect(ids(state.lists.fresh.leads)).toEqual([]);
    expect(ids(state.lists.old.leads)).toEqual(["c", "b", "a", "x"]);
    expect([...state.checked]).toEqual(["c"]);
    expect(state.messages.c?.text).toBe("Someone else changed this lead.");
  });

  it("drops leads the server no longer has", () => {
    const picked = trackerReducer(start(), { type: "checked", checked: new Set(["a", "x"]) });
    const state = trackerReducer(picked, { type: "gone", ids: ["x"] });
    expect(state.lists.old.leads).toEqual([]);
    expect([...state.checked]).toEqual(["a"]);
  });

  it("starts again from a new search's lists, keeping the offers", () => {
    let state = trackerReducer(start(), { type: "offer", id: "a", date: "2026-11-30" });
    state = trackerReducer(state, {
      type: "message",
      id: "a",
      message: { kind: "error", text: "No" },
    });
    state = trackerReducer(state, { type: "checked", checked: new Set(["a"]) });
    state = trackerReducer(state, { type: "loaded", lists: { fresh: list(c), old: list() } });
    expect(ids(state.lists.fresh.leads)).toEqual(["c"]);
    expect(state.messages).toEqual({});
    expect(state.checked.size).toBe(0);
    expect(state.offers).toEqual({ a: "2026-11-30" });
    expect(trackerReducer(state, { type: "offer", id: "a", date: null }).offers).toEqual({});
  });

  it("loads a further page into one list, without repeats", () => {
    const more = { leads: [c, lead("d", "2026-10-30T00:00:00.000Z")], next: null, error: null };
    const state = trackerReducer(initialTrackerState({ fresh: list(a, b, c), old: list(x) }), {
      type: "list",
      listKey: "fresh",
      update: (current) => withMore(current, more),
    });
    expect(ids(state.lists.fresh.leads)).toEqual(["a", "b", "c", "d"]);
    // A Due strip that is not shown takes no page.
    const none = trackerReducer(start(), { type: "list", listKey: "due", update: () => list(a) });
    expect(none.lists.due).toBeUndefined();
  });
});

describe("picking leads for a bulk update", () => {
  const leads = [a, b, c];
  it("toggles one with a click, and sets a Shift-click range to the anchor's state", () => {
    const one = checkedAfterClick(
      new Set(),
      leads,
      { listKey: "fresh", id: "a" },
      {
        shiftKey: false,
        anchor: null,
      },
    );
    expect([...one]).toEqual(["a"]);
    const range = checkedAfterClick(
      one,
      leads,
      { listKey: "fresh", id: "c" },
      {
        shiftKey: true,
        anchor: { listKey: "fresh", id: "a" },
      },
    );
    expect([...range].sort()).toEqual(["a", "b", "c"]);
    // From another list, Shift is an ordinary click.
    const other = checkedAfterClick(
      one,
      leads,
      { listKey: "fresh", id: "b" },
      {
        shiftKey: true,
        anchor: { listKey: "old", id: "x" },
      },
    );
    expect([...other].sort()).toEqual(["a", "b"]);
    expect([...checkedWithList(range, [a, b], false)]).toEqual(["c"]);
  });

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

describe("a lead changed in place", () => {
  it("replaces every copy of the lead, moving none and saying nothing", () => {
    const read = {
      ...lead("b", "2026-11-24T10:00:00.000Z", "CONVERSING", today),
      ReplyUnreadAt: null,
    };
    const unread = { ...read, ReplyUnreadAt: "2026-11-26T09:00:00.000Z" };
    const state: TrackerState = initialTrackerState({
      due: list(unread),
      fresh: list(lead("a", "2026-11-25T10:00:00.000Z")),
      old: list(lead("c", "2026-11-20T10:00:00.000Z", "REPLIED"), unread),
    });
    const after = trackerReducer(state, { type: "patched", lead: read });
    expect(after.lists.due?.leads).toEqual([read]);
    expect(after.lists.old.leads.map((l) => l.ReplyUnreadAt ?? null)).toEqual([null, null]);
    expect(ids(after.lists.old.leads)).toEqual(["c", "b"]);
    expect(after.lists.fresh).toBe(state.lists.fresh);
    expect(after.messages).toEqual({});
    expect(after.notice).toBeNull();
  });
});
