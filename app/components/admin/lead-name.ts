import type { LeadRecord } from "../../../domain/lead-record.ts";

/** A lead's name as the admin shows it: first and last, without stray spaces. */
export const fullName = (lead: Pick<LeadRecord, "FirstName" | "LastName">) =>
  `${lead.FirstName} ${lead.LastName}`.trim();
