import { describe, expect, it } from "vitest";
import { withMore } from "../../components/admin/paged-list.ts";
import { a, b, c, ids, lead, list, today, x } from "./test-leads.ts";
import { neighbourInList } from "./tracker-lists.ts";
import { initialTrackerState, type TrackerState, trackerReducer } from "./tracker-state.ts";

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

  it("drops a merged-away lead and keeps the kept one open, updated, when leads merge", () => {
    const opened = trackerReducer(
      trackerReducer(start(), { type: "checked", checked: new Set(["b", "c"]) }),
      { type: "open", place: { listKey: "fresh", id: "a" } },
    );
    const kept = { ...a, Notes: "a's notes, and b's" };
    const state = trackerReducer(opened, {
      type: "merged",
      kept,
      mergedId: "b",
      today,
      notice: { text: "b was merged into a." },
    });
    expect(ids(state.lists.fresh.leads)).toEqual(["a", "c"]);
    expect(state.lists.fresh.leads.find((l) => l.ID === "a")?.Notes).toBe("a's notes, and b's");
    expect([...state.checked]).toEqual(["c"]);
    expect(state.open).toEqual({ listKey: "fresh", id: "a" });
    expect(state.notice).toEqual({ text: "b was merged into a." });
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

describe("where a saved lead goes, and the owner with it: the reducer's call", () => {
  const start = (): TrackerState => initialTrackerState({ fresh: list(a, b, c), old: list(x) });
  const saved = { kind: "success", text: "Saved changes!" } as const;

  it("moves a lead whose status changed to its new list, and focus to the next lead of the old", () => {
    const state = trackerReducer(start(), {
      type: "saved",
      lead: { ...b, CommStatus: "REPLIED" },
      listKey: "fresh",
      control: "comm",
      message: saved,
      today,
      focusWas: "lead",
    });
    expect(ids(state.lists.fresh.leads)).toEqual(["a", "c"]);
    expect(ids(state.lists.old.leads)).toEqual(["b", "x"]);
    expect(state.messages.b?.where).toBe("old");
    expect(state.focus).toEqual({ kind: "row", place: { listKey: "fresh", id: "c" } });
  });

  it("sends a lead set back to UNREAD home to New Leads, and focus to its old list's heading", () => {
    const state = trackerReducer(start(), {
      type: "saved",
      lead: { ...x, CommStatus: "UNREAD" },
      listKey: "old",
      control: "comm",
      message: saved,
      today,
      focusWas: "lead-field",
    });
    expect(ids(state.lists.fresh.leads)).toEqual(["a", "b", "c", "x"]);
    expect(state.lists.old.leads).toEqual([]);
    expect(state.notice).toEqual({
      text: "x moved to New Leads.",
      jump: { listKey: "fresh", id: "x" },
    });
    expect(state.focus).toEqual({ kind: "heading", listKey: "old" });
  });

  it("keeps a lead in Due while it is due, and takes it out when its date moves on", () => {
    const due = { ...x, NextFollowUp: "2026-11-20" };
    const worked = initialTrackerState({ due: list(due), fresh: list(a), old: list(due) });
    const hot = trackerReducer(worked, {
      type: "saved",
      lead: { ...due, LeadStatus: "HOT" },
      listKey: "due",
      control: "lead",
      message: saved,
      today,
      focusWas: "lead",
    });
    expect(hot.lists.due?.leads[0]?.LeadStatus).toBe("HOT");
    expect(hot.messages.x?.where).toBe("due");
    expect(hot.open).toEqual({ listKey: "due", id: "x" });
    expect(hot.focus).toEqual({ kind: "row", place: { listKey: "due", id: "x" } });
    const later = trackerReducer(worked, {
      type: "saved",
      lead: { ...due, NextFollowUp: "2026-12-01" },
      listKey: "due",
      control: "date",
      message: saved,
      today,
      focusWas: "lead",
    });
    expect(later.lists.due?.leads).toEqual([]);
    expect(later.lists.old.leads[0]?.NextFollowUp).toBe("2026-12-01");
    expect(later.messages.x?.where).toBe("old");
    expect(later.focus).toEqual({ kind: "heading", listKey: "due" });
  });

  it("leaves focus where it is while a field is typed in, or when it was elsewhere", () => {
    const typing = trackerReducer(start(), {
      type: "saved",
      lead: { ...b, Notes: "rang" },
      listKey: "fresh",
      control: "notes",
      message: saved,
      today,
      focusWas: "lead-field",
    });
    expect(typing.focus).toBeNull();
    const elsewhere = trackerReducer(start(), {
      type: "saved",
      lead: { ...b, CommStatus: "DEAD" },
      listKey: "fresh",
      control: "comm",
      message: saved,
      today,
      focusWas: "elsewhere",
    });
    expect(ids(elsewhere.lists.old.leads)).toEqual(["b", "x"]);
    expect(elsewhere.focus).toBeNull();
  });

  it("goes on to the next lead once leads are removed: opened at a desk, focused everywhere", () => {
    const opened = trackerReducer(start(), { type: "open", place: { listKey: "fresh", id: "a" } });
    const notice = { text: "a was erased." };
    const desk = trackerReducer(opened, { type: "removed", ids: ["a", "b"], notice, dense: true });
    expect(desk.open).toEqual({ listKey: "fresh", id: "c" });
    expect(desk.focus).toEqual({ kind: "row", place: { listKey: "fresh", id: "c" } });
    const phone = trackerReducer(opened, { type: "removed", ids: ["a"], notice });
    expect(phone.open).toBeNull();
    expect(phone.focus).toEqual({ kind: "row", place: { listKey: "fresh", id: "b" } });
    // The last lead of its list: the page's first lead that is left.
    const last = trackerReducer(start(), { type: "removed", ids: ["x"], notice });
    expect(last.focus).toEqual({ kind: "row", place: { listKey: "fresh", id: "a" } });
  });
});
