import { type SelectQueryBuilder, sql } from "kysely";
import { type LeadStats, type LeadStatus, leadStatuses } from "../../domain/leads.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";

/** All SQL for the dashboard's numbers. */

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The dashboard's numbers in four queries, each answered from an index or a short range:
 * the two counts, this month's conversions from the history (newest events only), and the
 * weeks grouped in the database, so at most 60 rows come back however many leads there are.
 */
export async function leadStats(db: Db, now = new Date(), weekCount = 12): Promise<LeadStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * dayMs;
  const starts = Array.from({ length: weekCount }, (_, i) =>
    new Date(thisMonday - (weekCount - 1 - i) * 7 * dayMs).toISOString(),
  );
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
  const [unread, all, converted, perWeek] = await Promise.all([
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
  ]);
  const weeks = starts.map((start) => ({
    start: start.slice(0, 10),
    counts: Object.fromEntries(leadStatuses.map((s) => [s, 0])) as Record<LeadStatus, number>,
  }));
  for (const row of perWeek) {
    const bucket = weeks[Number(row.week)];
    if (bucket) bucket.counts[row.lead_status as LeadStatus] += Number(row.n);
  }
  const newCount = Number(unread.n);
  return {
    newLeads: newCount,
    followingUp: Number(all.n) - newCount,
    convertedThisMonth: Number(converted.n),
    weeks,
  };
}
