import type { StoredLead } from "../../domain/lead-record.ts";

/** The values of a lead an audit entry shows before and after; the notes only as "changed". */
const auditedValues = [
  "CommStatus",
  "LeadStatus",
  "NextFollowUp",
  "Value",
  "ClosedAt",
  "AssignedTo",
] as const;

/**
 * What an update changed, for the audit log (docs/team.md, "Audit log"): each value's before
 * and after, and whether the notes changed, never their words (they are about a person).
 */
export function leadChangeDetails(before: StoredLead, after: StoredLead) {
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of auditedValues)
    if (before[field] !== after[field])
      changed[field] = { before: before[field] ?? null, after: after[field] ?? null };
  return {
    changed,
    ...(before.Notes !== after.Notes ? { notesChanged: true } : {}),
  };
}
