import { sql } from "kysely";
import type { ContentStats } from "../../domain/content.ts";
import { addDays, type CalendarDate, startOfDay } from "../../domain/dates.ts";
import type { Db } from "../db/connect.ts";
import { type EntryRow, publicPathOf } from "./content-rows.ts";

/**
 * What each entry brings (docs/site.md, "What each entry brings"): its page's views, and the
 * leads whose visit entered the site on it, with what they won. Read from the same totals and
 * the same attribution as the insights (docs/insights.md), so a page's figures here are its
 * figures there: the views of `page_view_totals`, and the leads by their `entry_page`.
 */

/**
 * The figures of the live entries among `entries`, by entry id, over the owner's days `from`
 * to `to`: three queries whatever the number of entries (the old paths, the views, the leads).
 * An entry without a live page has none.
 */
export async function contentStatsFor(
  db: Db,
  entries: readonly EntryRow[],
  { from, to, timeZone }: { from: CalendarDate; to: CalendarDate; timeZone: string },
): Promise<Map<string, ContentStats>> {
  // Every path a live entry has had: its page now, and the old paths a rename left
  // redirecting to it (chains are collapsed, so one hop finds them all).
  const owners = new Map<string, string>();
  for (const entry of entries) {
    const path = entry.published && publicPathOf(entry.type, entry.published.slug);
    if (path) owners.set(path, entry.id);
  }
  const stats = new Map<string, ContentStats>();
  if (owners.size === 0) return stats;
  for (const id of owners.values()) stats.set(id, { views: 0, leads: 0, won: 0, wonValue: 0 });
  const redirects = await db
    .selectFrom("content_redirects")
    .select(["from_path", "to_path"])
    .where("to_path", "in", [...owners.keys()])
    .execute();
  for (const redirect of redirects) {
    const id = owners.get(redirect.to_path);
    // A path that is live is its live entry's, whatever once redirected from it.
    if (id && !owners.has(redirect.from_path)) owners.set(redirect.from_path, id);
  }
  const paths = [...owners.keys()];
  const [views, leads] = await Promise.all([
    db
      .selectFrom("page_view_totals")
      .select((eb) => ["path", eb.fn.sum<number | string>("views").as("views")])
      .where("path", "in", paths)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("path")
      .execute(),
    db
      .selectFrom("leads")
      .select((eb) => {
        const won = eb("lead_status", "=", sql.lit("CONVERTED"));
        return [
          "entry_page",
          eb.fn.countAll<number | string>().as("leads"),
          eb.fn
            .sum<number | string | null>(
              eb.case().when(won).then(sql.lit(1)).else(sql.lit(0)).end(),
            )
            .as("won"),
          eb.fn
            .sum<number | string | null>(
              eb.case().when(won).then(eb.ref("value")).else(sql.lit(0)).end(),
            )
            .as("won_value"),
        ];
      })
      .where("entry_page", "in", paths)
      .where("created_at", ">=", startOfDay(from, timeZone).toISOString())
      .where("created_at", "<", startOfDay(addDays(to, 1), timeZone).toISOString())
      .groupBy("entry_page")
      .execute(),
  ]);
  const of = (path: string | null) => stats.get(owners.get(path ?? "") ?? "");
  for (const row of views) {
    const tally = of(row.path);
    if (tally) tally.views += Number(row.views);
  }
  for (const row of leads) {
    const tally = of(row.entry_page);
    if (!tally) continue;
    tally.leads += Number(row.leads);
    tally.won += Number(row.won ?? 0);
    tally.wonValue += Number(row.won_value ?? 0);
  }
  return stats;
}
