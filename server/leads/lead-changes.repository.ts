import type { CalendarDate } from "../../domain/dates.ts";
import { changesLimit, type LiveChanges } from "../../domain/lead-changes.ts";
import type { LeadFilters } from "../../domain/lead-filters.ts";
import type { Db } from "../db/connect.ts";
import { dueCounts } from "./lead-follow-ups.repository.ts";
import { countList, matchingIds } from "./lead-lists.repository.ts";
import { toLeadRecord } from "./lead-record.ts";

/** All SQL for the tracker's live updates (ADR 021). */

/**
 * What changed among the leads since `since`: the leads created or changed since (their
 * updated_at, from its index), the leads that left the lists or came back (the audit
 * trail's erasures, moves to Spam and returns), which of the changed ones match the page's
 * search and filters, and each list's count now. Where a lead is now decides: one moved to
 * Spam and back within the window is among `leads`, not `removed`.
 */
export async function liveChanges(
  db: Db,
  {
    since,
    filters,
    today,
    now,
  }: { since: string | undefined; filters: LeadFilters; today: CalendarDate; now: Date },
): Promise<LiveChanges> {
  const through = now.toISOString();
  const [fresh, old, due] = await Promise.all([
    countList(db, "new", { filters: { ...filters, active: undefined }, today }),
    countList(db, "old", { filters, today }),
    dueCounts(db, today),
  ]);
  const counts = { new: fresh, old, due: due.overdue + due.dueToday };
  if (since === undefined)
    return { through, leads: [], matching: [], removed: [], counts, complete: true };

  const [changed, moved] = await Promise.all([
    db
      .selectFrom("leads")
      .selectAll()
      .where("updated_at", ">=", since)
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(changesLimit + 1)
      .execute(),
    db
      .selectFrom("audit_events")
      .select("subject_id")
      .where("created_at", ">=", since)
      .where("action", "in", ["lead.erased", "lead.marked-spam", "lead.restored", "lead.merged"])
      .where("subject_id", "is not", null)
      .orderBy("created_at", "desc")
      .limit(changesLimit + 1)
      .execute(),
  ]);
  const complete = changed.length <= changesLimit && moved.length <= changesLimit;
  const leads = changed.slice(0, changesLimit);
  const known = new Set(leads.map((row) => row.id));
  const movedIds = [
    ...new Set(
      moved.flatMap((row) =>
        row.subject_id && !known.has(row.subject_id) ? [row.subject_id] : [],
      ),
    ),
  ];
  // A lead brought back keeps its last update's time, so it is found by its ID.
  const back =
    movedIds.length > 0
      ? await db.selectFrom("leads").selectAll().where("id", "in", movedIds).execute()
      : [];
  const here = new Set(back.map((row) => row.id));
  const all = [...leads, ...back]
    .map(toLeadRecord)
    .sort((a, b) => a.UpdatedAt.localeCompare(b.UpdatedAt) || a.ID.localeCompare(b.ID));
  return {
    through,
    leads: all,
    matching: await matchingIds(
      db,
      all.map((lead) => lead.ID),
      { filters, today },
    ),
    removed: movedIds.filter((id) => !here.has(id)),
    counts,
    complete,
  };
}
