import type { LeadRecord } from "../../../domain/lead-record.ts";

/** Leads for the tracker's tests: New Leads a, b, c (newest first) and x in Follow Up With. */

export const lead = (
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
export const ids = (leads: readonly LeadRecord[]) => leads.map((l) => l.ID);
export const list = (...leads: LeadRecord[]) => ({ leads, next: null, error: null });
export const today = "2026-11-26";

export const a = lead("a", "2026-11-03T00:00:00.000Z");
export const b = lead("b", "2026-11-02T00:00:00.000Z");
export const c = lead("c", "2026-11-01T00:00:00.000Z");
export const x = lead("x", "2026-10-01T00:00:00.000Z", "REPLIED");
