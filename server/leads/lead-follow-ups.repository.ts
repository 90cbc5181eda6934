import type { CalendarDate } from "../../domain/dates.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import { toLeadRecord } from "./lead-record.ts";

/** All SQL for follow-ups: the due list and its counts. */

/** Where a page of the due list ended: the follow-up day and id of its last lead. */
export type DueCursor = { readonly date: CalendarDate; readonly id: string };

/**
 * Leads due today or overdue, oldest date first (then by id, so paging is stable), from the
 * partial index on (next_follow_up, id): the cost follows the page, not the table.
 */
export async function dueLeads(
  db: Db,
  { today, limit, after }: { today: CalendarDate; limit: number; after?: DueCursor },
): Promise<{ leads: StoredLead[]; next: DueCursor | null }> {
  let query = db
    .selectFrom("leads")
    .selectAll()
    .where("next_follow_up", "is not", null)
    .where("next_follow_up", "<=", today);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("next_follow_up", ">", after.date),
        eb.and([eb("next_follow_up", "=", after.date), eb("id", ">", after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("next_follow_up", "asc")
    .orderBy("id", "asc")
    .limit(limit + 1)
    .execute();
  const leads = rows.slice(0, limit).map(toLeadRecord);
  const last = leads.at(-1);
  return {
    leads,
    next:
      rows.length > limit && last?.NextFollowUp ? { date: last.NextFollowUp, id: last.ID } : null,
  };
}

/** How many follow-ups are overdue and due today (two index-only counts). */
export async function dueCounts(
  db: Db,
  today: CalendarDate,
): Promise<{ overdue: number; dueToday: number }> {
  const count = (op: "<" | "=") =>
    db
      .selectFrom("leads")
      .where("next_follow_up", op, today)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
  const [overdue, dueToday] = await Promise.all([count("<"), count("=")]);
  return { overdue: Number(overdue.n), dueToday: Number(dueToday.n) };
}

/**
 * What one person's daily digest lists: each kind's first leads (oldest first) and how many
 * there are, of the leads assigned to `assignedTo`, or of those assigned to no one when it is
 * null (docs/team.md, "The morning digest and replies").
 */
export async function digestLeads(
  db: Db,
  today: CalendarDate,
  assignedTo: string | null,
  listed = 20,
) {
  const whose = () =>
    assignedTo === null
      ? db.selectFrom("leads").selectAll().where("assigned_to", "is", null)
      : db.selectFrom("leads").selectAll().where("assigned_to", "=", assignedTo);
  const count = (query: ReturnType<typeof unreadQuery>) =>
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
  const unreadQuery = () =>
    whose().where("comm_status", "=", "UNREAD").orderBy("created_at").orderBy("id");
  const dueQuery = (op: "<" | "=") =>
    whose().where("next_follow_up", op, today).orderBy("next_follow_up").orderBy("id");
  const repliesQuery = () =>
    whose().where("reply_unread_at", "is not", null).orderBy("reply_unread_at").orderBy("id");
  const [
    unread,
    unreadCount,
    overdue,
    overdueCount,
    dueToday,
    dueTodayCount,
    replies,
    repliesCount,
  ] = await Promise.all([
    unreadQuery().limit(listed).execute(),
    count(unreadQuery()),
    dueQuery("<").limit(listed).execute(),
    count(dueQuery("<")),
    dueQuery("=").limit(listed).execute(),
    count(dueQuery("=")),
    repliesQuery().limit(listed).execute(),
    count(repliesQuery()),
  ]);
  return {
    unread: unread.map(toLeadRecord),
    unreadCount: Number(unreadCount.n),
    overdue: overdue.map(toLeadRecord),
    overdueCount: Number(overdueCount.n),
    dueToday: dueToday.map(toLeadRecord),
    dueTodayCount: Number(dueTodayCount.n),
    replies: replies.map(toLeadRecord),
    repliesCount: Number(repliesCount.n),
  };
}
