import { createHmac, randomBytes } from "node:crypto";
import { SqliteAdapter, sql, type Transaction } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";

type Trx = Transaction<Database>;

/**
 * All SQL for counting visits (ADR 025): the day's secret, the day's visitors (keyed hashes,
 * kept 30 days), and the per-day totals the insights read.
 */

export type CountedView = {
  day: string;
  /** The keyed hash of the client's address and user agent under the day's secret. */
  visitor: string;
  path: string;
  source: string;
  at: Date;
};

/**
 * The day's secret: made by the first instance to need it, the same for every instance after
 * (the first insert wins). Gone once the day is over (forgetVisitKeys), so no hash of one day
 * can be matched with another day's.
 */
export async function visitKey(db: Db, day: string): Promise<string> {
  await db
    .insertInto("visit_keys")
    .values({ day, secret: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("visit_keys")
    .select("secret")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** A visitor of the day: the client's address and user agent, hashed under the day's secret. */
export const visitorHash = (secret: string, address: string, userAgent: string) =>
  createHmac("sha256", secret).update(`${address}\n${userAgent}`).digest("base64url").slice(0, 22);

/** Where the visitors of a source a day does not name are counted (docs/insights.md). */
export const otherSources = "(other)";

/**
 * Which sources a day's totals name (docs/insights.md, "Sources"). A beacon says what it
 * likes, so a named source must have earned its row: "direct" always has, and the first
 * `freeNames` others of a day are named as they come (an ordinary day names every source);
 * after that a source is named once `minVisitors` different visitors came from it that day,
 * and no more than `maxNames` are named a day. The others are counted under "(other)". What a
 * day keeps for ever is then at most `maxNames` + 2 sources per entry page, however many a
 * flood of beacons makes up.
 */
export const sourceNaming = Object.freeze({ freeNames: 20, minVisitors: 3, maxNames: 100 });

type EntryDelta = { day: string; entry_path: string; source: string; visitors: number };

/**
 * Counts page views in one transaction: each visitor's first view of a day makes it a visitor
 * of that day, with the page it entered on and its source (a row that a second view finds
 * there and leaves); every view adds to its page's total for the day, and every new visitor to
 * its entry page's and source's (or "(other)"'s: sourceNaming). Rows are written in key order,
 * so instances counting at once never wait for each other in a circle.
 */
export async function countViews(db: Db, views: readonly CountedView[]): Promise<void> {
  if (views.length === 0) return;
  const pages = new Map<string, { day: string; path: string; views: number }>();
  for (const view of views) {
    const key = `${view.day}\n${view.path}`;
    const page = pages.get(key) ?? { day: view.day, path: view.path, views: 0 };
    page.views++;
    pages.set(key, page);
  }
  // A visitor's first view in this batch is its entry.
  const firsts = new Map<string, CountedView>();
  for (const view of views)
    firsts.set(`${view.day}\n${view.visitor}`, firsts.get(`${view.day}\n${view.visitor}`) ?? view);
  const candidates = [...firsts.entries()].sort(([a], [b]) => compare(a, b)).map(([, v]) => v);
  await db.transaction().execute(async (trx) => {
    const fresh = new Set<string>();
    for (let i = 0; i < candidates.length; i += 500) {
      const inserted = await trx
        .insertInto("visitors")
        .values(
          candidates.slice(i, i + 500).map((view) => ({
            day: view.day,
            visitor: view.visitor,
            entry_path: view.path,
            source: view.source,
            created_at: view.at.toISOString(),
          })),
        )
        .onConflict((oc) => oc.columns(["day", "visitor"]).doNothing())
        .returning(["day", "visitor"])
        .execute();
      for (const row of inserted) fresh.add(`${row.day}\n${row.visitor}`);
    }
    const entries = await entryDeltas(
      trx,
      candidates.filter((view) => fresh.has(`${view.day}\n${view.visitor}`)),
    );
    for (const page of [...pages.values()].sort((a, b) => compare(a.day + a.path, b.day + b.path)))
      await trx
        .insertInto("page_view_totals")
        .values(page)
        .onConflict((oc) =>
          oc.columns(["day", "path"]).doUpdateSet((eb) => ({
            views: eb("page_view_totals.views", "+", page.views),
          })),
        )
        .execute();
    for (const entry of entries) {
      if (entry.visitors === 0) continue;
      await trx
        .insertInto("entry_totals")
        .values(entry)
        .onConflict((oc) =>
          oc.columns(["day", "entry_path", "source"]).doUpdateSet((eb) => ({
            visitors: eb("entry_totals.visitors", "+", entry.visitors),
          })),
        )
        .execute();
    }
    // A source just named took its first visitors out of "(other)": no empty row is kept.
    for (const entry of entries)
      if (entry.visitors < 0)
        await trx
          .deleteFrom("entry_totals")
          .where("day", "=", entry.day)
          .where("entry_path", "=", entry.entry_path)
          .where("source", "=", otherSources)
          .where("visitors", "<=", 0)
          .execute();
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What the new visitors add to the entry totals, by sourceNaming: to their own source when
 * the day names it, or names it now (its earlier visitors, counted under "(other)" so far,
 * move with it), else to "(other)". In key order.
 */
async function entryDeltas(trx: Trx, fresh: readonly CountedView[]): Promise<EntryDelta[]> {
  const deltas = new Map<string, EntryDelta>();
  const add = (day: string, entry_path: string, source: string, visitors: number) => {
    const key = `${day}\n${entry_path}\n${source}`;
    const delta = deltas.get(key) ?? { day, entry_path, source, visitors: 0 };
    delta.visitors += visitors;
    deltas.set(key, delta);
  };
  const groups = new Map<string, CountedView[]>();
  for (const view of fresh) {
    const key = `${view.day}\n${view.source}`;
    const group = groups.get(key);
    if (group) group.push(view);
    else groups.set(key, [view]);
  }
  const days = new Map<string, { named: Set<string>; counts: Map<string, number> }>();
  for (const day of new Set(fresh.map((view) => view.day))) {
    const sources = [...new Set(fresh.filter((v) => v.day === day).map((v) => v.source))];
    days.set(day, {
      named: await namedSources(trx, day),
      counts: await visitorsBySource(trx, day, sources),
    });
  }
  for (const key of [...groups.keys()].sort(compare)) {
    const views = groups.get(key) ?? [];
    const { day, source } = views[0] as CountedView;
    const state = days.get(day) as NonNullable<ReturnType<typeof days.get>>;
    const named = state.named.size;
    const earned =
      named < sourceNaming.freeNames ||
      ((state.counts.get(source) ?? 0) >= sourceNaming.minVisitors &&
        named < sourceNaming.maxNames);
    let counted = source === "direct" || source === otherSources || state.named.has(source);
    if (!counted && earned) {
      // Decided once per source and day across instances: another may be naming it now.
      await lockSourceOfDay(trx, day, source);
      counted = (await namedSources(trx, day, source)).has(source);
      if (!counted) {
        // Its earlier visitors leave "(other)" for their own row; this batch's are added below.
        const earlier = new Map<string, number>();
        for (const view of views) earlier.set(view.path, (earlier.get(view.path) ?? 0) - 1);
        for (const row of await visitorsByEntry(trx, day, source))
          earlier.set(row.entry_path, (earlier.get(row.entry_path) ?? 0) + Number(row.n));
        for (const [path, n] of earlier) {
          add(day, path, source, n);
          add(day, path, otherSources, -n);
        }
        counted = true;
      }
      state.named.add(source);
    }
    for (const view of views) add(day, view.path, counted ? source : otherSources, 1);
  }
  return [...deltas.entries()].sort(([a], [b]) => compare(a, b)).map(([, delta]) => delta);
}

/** The sources a day names besides "direct" (all of them, or only `only` when given). */
async function namedSources(trx: Trx, day: string, only?: string): Promise<Set<string>> {
  let query = trx
    .selectFrom("entry_totals")
    .select("source")
    .distinct()
    .where("day", "=", day)
    .where("source", "not in", [otherSources, "direct"]);
  if (only !== undefined) query = query.where("source", "=", only);
  return new Set((await query.execute()).map((row) => row.source));
}

/** How many visitors each of `sources` has on `day` so far, this transaction's included. */
async function visitorsBySource(
  trx: Trx,
  day: string,
  sources: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < sources.length; i += 500) {
    const rows = await trx
      .selectFrom("visitors")
      .select((eb) => ["source", eb.fn.countAll<number | string>().as("n")])
      .where("day", "=", day)
      .where("source", "in", sources.slice(i, i + 500))
      .groupBy("source")
      .execute();
    for (const row of rows) counts.set(row.source, Number(row.n));
  }
  return counts;
}

function visitorsByEntry(trx: Trx, day: string, source: string) {
  return trx
    .selectFrom("visitors")
    .select((eb) => ["entry_path", eb.fn.countAll<number | string>().as("n")])
    .where("day", "=", day)
    .where("source", "=", source)
    .groupBy("entry_path")
    .execute();
}

/**
 * PostgreSQL: holds a source's day until the transaction ends, so two instances never both
 * move its first visitors out of "(other)". SQLite has one writer at a time already.
 */
async function lockSourceOfDay(trx: Trx, day: string, source: string) {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`visits\n${day}\n${source}`}))`.execute(trx);
}

/** Deletes the secrets of days before `today`: their hashes can no longer be made again. */
export async function forgetVisitKeys(db: Db, today: string): Promise<number> {
  const deleted = await db.deleteFrom("visit_keys").where("day", "<", today).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * Raw visitors are kept 30 days; after that only the day's totals remain (they were counted
 * as the views came in).
 */
export async function purgeOldVisitors(db: Db, before: string): Promise<number> {
  const deleted = await db.deleteFrom("visitors").where("day", "<", before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
