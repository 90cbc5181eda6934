import type { LeadRecord } from "../../../domain/lead-record.ts";

/** The lead's message, whole. */
export function LeadMessageText({ lead }: { lead: LeadRecord }) {
  return lead.Message ? (
    <p className="max-w-3xl whitespace-pre-line break-words">{lead.Message}</p>
  ) : (
    <p className="text-muted">No message.</p>
  );
}
