import { type SelectQueryBuilder, SqliteAdapter, sql } from "kysely";
import { addDays, startOfDay, todayIn, weekdayOf } from "../../domain/dates.ts";
import { type LeadStatus, leadStatuses } from "../../domain/lead-record.ts";
import type { LeadStats } from "../../domain/lead-stats.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { dueCounts } from "./lead-follow-ups.repository.ts";

/** All SQL for the dashboard's numbers. */

const hourMs = 60 * 60 * 1000;
/** Speed to lead is measured over this many days of arrivals. */
export const speedWindowDays = 30;
/** The dashboard lists this many sources, most leads first. */
export const topSources = 10;
/** And this many pages. */
export const topPageCount = 10;

/** The value below which `share` of the sorted values fall (nearest rank). */
const percentile = (sorted: readonly number[], share: number) =>
  sorted.length ? (sorted[Math.ceil(share * sorted.length) - 1] ?? null) : null;

/**
 * The dashboard's numbers, each answered from an index or a short range: the counts, this
 * month's conversions from the history (newest events only), the weeks grouped in the
 * database (at most 60 rows however many leads there are), follow-ups due, and speed to lead.
 * Months and weeks start at midnight in the owner's time zone (Monday for weeks), so a lead
 * that arrives at 11 pm on a Sunday counts in that week even where it is Monday in UTC.
 */
export async function leadStats(
  db: Db,
  {
    now = new Date(),
    timeZone = "UTC",
    weekCount = 12,
  }: { now?: Date; timeZone?: string; weekCount?: number } = {},
): Promise<LeadStats> {
  const today = todayIn(timeZone, now);
  const monthStart = startOfDay(`${today.slice(0, 8)}01`, timeZone).toISOString();
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const weekDays = Array.from({ length: weekCount }, (_, i) =>
    addDays(monday, -7 * (weekCount - 1 - i)),
  );
  const starts = weekDays.map((day) => startOfDay(day, timeZone).toISOString());
  // Which week a lead arrived in, as a plain CASE over the week boundaries: the same SQL on
  // both engines, where date arithmetic is not.
  const weekOf =
    starts.length < 2
      ? sql<number>`0`
      : sql<number>`case ${sql.join(
          starts
            .slice(1)
            .reverse()
            .map((start, i) => sql`when created_at >= ${start} then ${sql.lit(weekCount - 1 - i)}`),
          sql` `,
        )} else 0 end`;

  const count = (query: SelectQueryBuilder<Database, "leads", object>) =>
    query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const speedSince = new Date(now.getTime() - speedWindowDays * 24 * hourMs).toISOString();
  const [
    unread,
    all,
    converted,
    perWeek,
    due,
    waiting,
    firstReplies,
    arrivedLately,
    sources,
    pages,
    unreadReplies,
  ] = await Promise.all([
    // Two counts, each a quick walk of an index (one count over a CASE reads every row).
    count(db.selectFrom("leads").where("comm_status", "=", "UNREAD")),
    count(db.selectFrom("leads")),
    // Leads that are CONVERTED now and were set so this month.
    db
      .selectFrom("lead_events")
      .innerJoin("leads", "leads.id", "lead_events.lead_id")
      .where("lead_events.field", "=", "LeadStatus")
      .where("lead_events.to_value", "=", "CONVERTED")
      .where("lead_events.created_at", ">=", monthStart)
      .where("leads.lead_status", "=", "CONVERTED")
      .select((eb) => eb.fn.count<number | string>("lead_events.lead_id").distinct().as("n"))
      .executeTakeFirstOrThrow(),
    // Grouped outside a subquery: PostgreSQL would not see the CASE in GROUP BY, with its own
    // parameter numbers, as the same expression as the one selected.
    db
      .selectFrom(
        db
          .selectFrom("leads")
          .where("created_at", ">=", starts[0] ?? monthStart)
          .select([weekOf.as("week"), "lead_status"])
          .as("recent"),
      )
      .select((eb) => [
        "recent.week",
        "recent.lead_status",
        eb.fn.countAll<number | string>().as("n"),
      ])
      .groupBy(["recent.week", "recent.lead_status"])
      .execute(),
    dueCounts(db, today),
    count(
      db
        .selectFrom("leads")
        .where("comm_status", "=", "UNREAD")
        .where("created_at", "<", new Date(now.getTime() - 24 * hourMs).toISOString()),
    ),
    // Speed to lead: for each lead of the last 30 days, its first change away from UNREAD,
    // looked up per lead in the history's (lead_id, created_at) index: the cost follows the
    // month's leads, not the history's size.
    // Leads put back to UNREAD count as not answered, as the owner meant.
    db
      .selectFrom("leads")
      .where("leads.created_at", ">=", speedSince)
      .where("leads.comm_status", "<>", "UNREAD")
      .select((eb) => [
        "leads.created_at as arrived",
        eb
          .selectFrom("lead_events")
          .whereRef("lead_events.lead_id", "=", "leads.id")
          .where("lead_events.field", "=", "CommStatus")
          .where("lead_events.from_value", "=", "UNREAD")
          .select((inner) => inner.fn.min("lead_events.created_at").as("first"))
          .as("answered"),
      ])
      .execute(),
    count(db.selectFrom("leads").where("created_at", ">=", speedSince)),
    // Leads by source over the same 30 days: a range of the created_at index, grouped.
    db
      .selectFrom("leads")
      .where("created_at", ">=", speedSince)
      .select((eb) => ["source", eb.fn.countAll<number | string>().as("n")])
      .groupBy("source")
      .execute(),
    // And by the page that brought them, from the (created_at, source_page) index. A lead
    // without a page (from before pages were recorded, or a form posted from elsewhere)
    // is left out: "unknown" is not a page the owner can improve or link to.
    db
      .selectFrom("leads")
      .where("created_at", ">=", speedSince)
      .where("source_page", "is not", null)
      .where("source_page", "<>", "")
      .select((eb) => ["source_page", eb.fn.countAll<number | string>().as("n")])
      .groupBy("source_page")
      .orderBy("n", "desc")
      .orderBy("source_page")
      .limit(topPageCount)
      .execute(),
    // Leads whose visitor wrote back, unread: a partial index of just those.
    count(db.selectFrom("leads").where("reply_unread_at", "is not", null)),
  ]);
  const weeks = weekDays.map((start) => ({
    start,
    counts: Object.fromEntries(leadStatuses.map((s) => [s, 0])) as Record<LeadStatus, number>,
  }));
  for (const row of perWeek) {
    const bucket = weeks[Number(row.week)];
    if (bucket) bucket.counts[row.lead_status as LeadStatus] += Number(row.n);
  }
  const newCount = Number(unread.n);
  const minutes = firstReplies
    .filter((row) => row.answered !== null)
    .map(
      (row) =>
        (new Date(row.answered as string | Date).getTime() - new Date(row.arrived).getTime()) /
        60_000,
    )
    .filter((value) => Number.isFinite(value) && value >= 0)
    .sort((a, b) => a - b);
  return {
    newLeads: newCount,
    followingUp: Number(all.n) - newCount,
    convertedThisMonth: Number(converted.n),
    weeks,
    overdue: due.overdue,
    dueToday: due.dueToday,
    unreadReplies: Number(unreadReplies.n),
    waitingOver24h: Number(waiting.n),
    firstReply: {
      days: speedWindowDays,
      arrived: Number(arrivedLately.n),
      leads: minutes.length,
      medianMinutes: percentile(minutes, 0.5),
      p90Minutes: percentile(minutes, 0.9),
    },
    sources: sources
      .map((row) => ({ source: row.source ?? null, leads: Number(row.n) }))
      .sort((a, b) => b.leads - a.leads || String(a.source).localeCompare(String(b.source)))
      .slice(0, topSources),
    topPages: pages.map((row) => ({ page: String(row.source_page), leads: Number(row.n) })),
    timeZone,
    today,
  };
}

/** How many erasures still wait to be removed from the write-ahead log (SQLite; else 0). */
export async function countPendingDiskErasures(db: Db): Promise<number> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return 0;
  const row = await db
    .selectFrom("disk_erasures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
