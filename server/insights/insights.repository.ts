import { addDays, type CalendarDate, startOfDay, wallClock } from "../../domain/dates.ts";
import { conversionRate, type Insights } from "../../domain/insights.ts";
import { type LeadStatus, leadStatusesInOrder } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { storedValue } from "../leads/lead-record.ts";

/** All SQL for the insights: the day totals of visits, and the range's leads and outcomes. */

type Tally = { visitors: number; leads: number; meetings: number; won: number; wonValue: number };
const emptyTally = (): Tally => ({ visitors: 0, leads: 0, meetings: 0, won: 0, wonValue: 0 });
const topRows = 50;

/** Visits, leads and outcomes for the owner's days `from` to `to`, and the pipeline now. */
export async function insightsFor(
  db: Db,
  {
    from,
    to,
    timeZone,
    currency,
  }: { from: CalendarDate; to: CalendarDate; timeZone: string; currency: string },
): Promise<Insights> {
  const start = startOfDay(from, timeZone).toISOString();
  const end = startOfDay(addDays(to, 1), timeZone).toISOString();
  const [views, entries, leads, meetings, pipeline] = await Promise.all([
    db
      .selectFrom("page_view_totals")
      .select(["day", "path", "views"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute(),
    db
      .selectFrom("entry_totals")
      .select(["day", "entry_path", "source", "visitors"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .execute(),
    db
      .selectFrom("leads")
      .select(["id", "created_at", "entry_page", "source", "lead_status", "value"])
      .where("created_at", ">=", start)
      .where("created_at", "<", end)
      .execute(),
    db
      .selectFrom("meetings")
      .innerJoin("leads", "leads.id", "meetings.lead_id")
      .select((eb) => ["meetings.lead_id", eb.fn.countAll<number | string>().as("n")])
      .where("leads.created_at", ">=", start)
      .where("leads.created_at", "<", end)
      .groupBy("meetings.lead_id")
      .execute(),
    db
      .selectFrom("leads")
      .select((eb) => [
        "lead_status",
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.sum<number | string | null>("value").as("total"),
      ])
      .groupBy("lead_status")
      .execute(),
  ]);

  const days = new Map<
    string,
    { date: string; visitors: number; pageviews: number; leads: number }
  >();
  for (let date = from; date <= to; date = addDays(date, 1))
    days.set(date, { date, visitors: 0, pageviews: 0, leads: 0 });
  const pages = new Map<string, number>();
  for (const row of views) {
    const n = Number(row.views);
    const bucket = days.get(row.day);
    if (bucket) bucket.pageviews += n;
    pages.set(row.path, (pages.get(row.path) ?? 0) + n);
  }
  const byEntry = new Map<string, Tally>();
  const bySource = new Map<string, Tally>();
  const tally = (map: Map<string, Tally>, key: string) => {
    const found = map.get(key);
    if (found) return found;
    const fresh = emptyTally();
    map.set(key, fresh);
    return fresh;
  };
  for (const row of entries) {
    const n = Number(row.visitors);
    const bucket = days.get(row.day);
    if (bucket) bucket.visitors += n;
    tally(byEntry, row.entry_path).visitors += n;
    tally(bySource, row.source).visitors += n;
  }
  const meetingsOf = new Map(meetings.map((row) => [row.lead_id, Number(row.n)]));
  for (const lead of leads) {
    const date = wallClock(new Date(toIso(lead.created_at)), timeZone).date;
    const bucket = days.get(date);
    if (bucket) bucket.leads++;
    const won = lead.lead_status === "CONVERTED";
    for (const t of [
      tally(byEntry, lead.entry_page ?? "(unknown)"),
      tally(bySource, lead.source ?? "direct"),
    ]) {
      t.leads++;
      t.meetings += meetingsOf.get(lead.id) ?? 0;
      if (won) {
        t.won++;
        t.wonValue += storedValue(lead.value) ?? 0;
      }
    }
  }
  const rows = <K extends string>(map: Map<string, Tally>, key: K) =>
    [...map.entries()]
      .map(
        ([name, t]) =>
          ({ [key]: name, ...t, conversionRate: conversionRate(t.leads, t.visitors) }) as Record<
            K,
            string
          > &
            Tally & { conversionRate: number | null },
      )
      .sort(
        (a, b) =>
          b.wonValue - a.wonValue ||
          b.leads - a.leads ||
          b.visitors - a.visitors ||
          String(a[key]).localeCompare(String(b[key])),
      )
      .slice(0, topRows);
  const visitors = [...days.values()].reduce((sum, d) => sum + d.visitors, 0);
  const totals = new Map(pipeline.map((row) => [row.lead_status, row]));
  return {
    from,
    to,
    timeZone,
    currency,
    visitors,
    pageviews: [...days.values()].reduce((sum, d) => sum + d.pageviews, 0),
    leads: leads.length,
    conversionRate: conversionRate(leads.length, visitors),
    days: [...days.values()],
    pages: [...pages.entries()]
      .map(([path, pageviews]) => ({ path, pageviews }))
      .sort((a, b) => b.pageviews - a.pageviews || a.path.localeCompare(b.path))
      .slice(0, topRows),
    entryPages: rows(byEntry, "path"),
    sources: rows(bySource, "source"),
    pipeline: leadStatusesInOrder.map((status: LeadStatus) => ({
      LeadStatus: status,
      count: Number(totals.get(status)?.n ?? 0),
      value: Number(totals.get(status)?.total ?? 0),
    })),
  };
}
