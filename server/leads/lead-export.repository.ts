import type { CalendarDate } from "../../domain/dates.ts";
import type { LeadFilters } from "../../domain/lead-filters.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import { type LeadCursor, type LeadList, listLeads } from "./lead-lists.repository.ts";

/** Every lead of a list and filters, a page at a time (for the CSV export). */
export async function* eachLead(
  db: Db,
  list: LeadList,
  filters: LeadFilters,
  { today, pageSize = 1000 }: { today?: CalendarDate; pageSize?: number } = {},
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
    yield* page.leads;
    after = page.next ?? undefined;
  } while (after);
}
