import { type CalendarDate, isoInZone } from "../../domain/dates.ts";
import type { LeadFilters } from "../../domain/lead-filters.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import { type LeadCursor, type LeadList, listLeads } from "./lead-lists.repository.ts";

/**
 * Every lead of a list and filters, a page at a time (for the CSV export). With `timeZone`,
 * CreatedAt and UpdatedAt are the owner's local times with that zone's offset
 * ("2026-11-25T13:01:45-05:00"): a spreadsheet shows the time the owner lived, and the offset
 * keeps the instant exact. The API itself stays in UTC.
 */
export async function* eachLead(
  db: Db,
  list: LeadList,
  filters: LeadFilters,
  {
    today,
    timeZone,
    pageSize = 1000,
  }: { today?: CalendarDate; timeZone?: string; pageSize?: number } = {},
): AsyncGenerator<StoredLead> {
  let after: LeadCursor | undefined;
  do {
    const page = await listLeads(db, list, {
      limit: pageSize,
      after,
      filters,
      scan: true,
      today,
    });
    yield* timeZone ? page.leads.map((lead) => inZone(lead, timeZone)) : page.leads;
    after = page.next ?? undefined;
  } while (after);
}

const inZone = (lead: StoredLead, timeZone: string): StoredLead => ({
  ...lead,
  CreatedAt: isoInZone(lead.CreatedAt, timeZone),
  UpdatedAt: isoInZone(lead.UpdatedAt, timeZone),
  ClosedAt: lead.ClosedAt ? isoInZone(lead.ClosedAt, timeZone) : null,
});
