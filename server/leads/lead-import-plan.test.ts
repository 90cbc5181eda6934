import { describe, expect, it } from "vitest";
import type { ImportRow } from "../../domain/lead-import.ts";
import { revertFields } from "./lead-import.repository.ts";
import { type LeadState, planRow } from "./lead-import-plan.ts";

const context = { day: "2026-11-29", fileName: "leads.csv", newId: () => "new-id" };
const row: ImportRow = {
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Lopes",
  message: "",
  note: "Prefers calls",
  commStatus: null,
  leadStatus: "HOT",
  value: 900,
  nextFollowUp: null,
};
const lead: LeadState = {
  id: "lead-1",
  created: false,
  first_name: "Anna",
  last_name: "",
  message: "Hello",
  notes: "Typed by the owner.",
  value: null,
  next_follow_up: null,
  comm_status: "REPLIED",
  lead_status: "COLD",
};

describe("planning an import's row", () => {
  it("fills only empty fields, never the statuses, and appends the note under a heading", () => {
    const plan = planRow(lead, row, context, "full");
    expect(plan.kind).toBe("updated");
    if (plan.kind !== "updated") return;
    expect(plan.state.change?.after).toEqual({
      last_name: "Lopes",
      value: 900,
      notes: "Typed by the owner.\n\nImported 2026-11-29 from leads.csv:\nPrefers calls",
    });
    expect(plan.state.change?.before).toEqual({
      last_name: "",
      value: null,
      notes: "Typed by the owner.",
    });
    expect(plan.state).toMatchObject({ first_name: "Anna", lead_status: "COLD" });
    // The same row again: nothing new came in.
    expect(planRow(plan.state, row, context, "full")).toEqual({ kind: "unchanged" });
  });

  it("creates a lead that did not write to us", () => {
    const plan = planRow(undefined, row, context, "full");
    expect(plan).toMatchObject({
      kind: "new",
      state: {
        id: "new-id",
        comm_status: "NO CONTACT",
        lead_status: "HOT",
        notes: "Prefers calls",
      },
    });
  });
});

describe("reverting an import's changes", () => {
  it("puts back what still holds the imported value and cuts out the appended note", () => {
    const before = { value: null, notes: "Mine." };
    const after = { value: 900, notes: "Mine.\n\nImported: x" };
    expect(revertFields(before, after, { value: 900, notes: "Mine.\n\nImported: x" })).toEqual({
      set: { value: null, notes: "Mine." },
      kept: false,
    });
    expect(
      revertFields(before, after, { value: 1000, notes: "Mine.\n\nImported: x\nLater." }),
    ).toEqual({ set: { notes: "Mine.\nLater." }, kept: true });
  });
});
