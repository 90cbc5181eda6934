import type { Selectable } from "kysely";
import type { StoredLead } from "../../domain/lead-record.ts";
import { type LeadsTable, toIso } from "../db/schema.ts";

/** A deal value as stored (PostgreSQL reads a bigint back as text) as the API shows it. */
export const storedValue = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * A stored lead as the API shows it: the fixed field names (docs/product.md, "The lead record"),
 * timestamps in ISO form.
 */
export function toLeadRecord(row: Selectable<LeadsTable>): StoredLead {
  return {
    ID: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Message: row.message,
    ContactedUs: Boolean(row.contacted_us),
    LeadStatus: row.lead_status as StoredLead["LeadStatus"],
    CommStatus: row.comm_status as StoredLead["CommStatus"],
    Notes: row.notes,
    SourcePage: row.source_page,
    CreatedAt: toIso(row.created_at),
    UpdatedAt: toIso(row.updated_at),
    NextFollowUp: row.next_follow_up ?? null,
    Referrer: row.referrer ?? null,
    UtmSource: row.utm_source ?? null,
    UtmMedium: row.utm_medium ?? null,
    UtmCampaign: row.utm_campaign ?? null,
    Source: row.source ?? null,
    EntryPage: row.entry_page ?? null,
    Value: storedValue(row.value),
    ClosedAt: row.closed_at ? toIso(row.closed_at) : null,
    ReplyUnreadAt: row.reply_unread_at ? toIso(row.reply_unread_at) : null,
    AssignedTo: row.assigned_to ?? null,
  };
}
