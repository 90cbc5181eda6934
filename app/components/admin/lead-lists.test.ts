import { describe, expect, it } from "vitest";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { appendPage, nextPageUrl, placeSavedLead } from "./lead-lists.ts";

const lead = (
  id: string,
  createdAt: string,
  comm: LeadRecord["CommStatus"] = "UNREAD",
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
});
const ids = (leads: readonly LeadRecord[]) => leads.map((l) => l.ID);
const list = (...leads: LeadRecord[]) => ({ leads, next: null, error: null });

describe("placeSavedLead", () => {
  const a = lead("a", "2026-11-03T00:00:00.000Z");
  const b = lead("b", "2026-11-02T00:00:00.000Z");
  const c = lead("c", "2026-11-01T00:00:00.000Z");
  const x = lead("x", "2026-10-01T00:00:00.000Z", "REPLIED");

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
});

describe("paging helpers", () => {
  it("reads the next link and appends without repeats", () => {
    expect(nextPageUrl('</api/leads/new?limit=50&cursor=abc>; rel="next"')).toBe(
      "/api/leads/new?limit=50&cursor=abc",
    );
    expect(nextPageUrl(null)).toBeNull();
    const a = lead("a", "2026-11-03T00:00:00.000Z");
    const b = lead("b", "2026-11-02T00:00:00.000Z");
    expect(ids(appendPage(list(a), [a, b], null).leads)).toEqual(["a", "b"]);
  });
});
