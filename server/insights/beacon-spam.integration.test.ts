import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, migratorFor } from "../db/migrate.ts";
import { withNestedTransactionsAsSavepoints } from "../db/node-sqlite-adapter.ts";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { insightsFor } from "./insights.repository.ts";
import { applyVisitRetention } from "./visit-retention.ts";
import { type CountedView, countViews, otherSources, sourceNaming } from "./visits.repository.ts";

/**
 * A beacon says what it likes: a flood of them, each with a source of its own, must neither
 * bury the real sources nor grow what is kept for ever (docs/insights.md, "Sources").
 */
const day = "2026-11-26";
const at = new Date("2026-11-26T15:00:00.000Z");
const range = { from: day, to: day, timeZone: "UTC", currency: "USD" } as const;
const pages = ["/", "/about"];

let visitorNumber = 0;
/** One new visitor of the day, entering on `path` from `source`. */
const visitor = (source: string, path = "/"): CountedView => ({
  day,
  visitor: `v${visitorNumber++}`,
  path,
  source,
  at,
});
const visitors = (n: number, source: string) =>
  Array.from({ length: n }, (_, i) => visitor(source, pages[i % pages.length]));

type SourceRow = { source: string; visitors: number };

describe.each(testEngines)(
  "beacons with made-up sources on $name",
  { timeout: 120_000 },
  (engine) => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await engine.open();
    });
    afterEach(async () => {
      await database.close();
    });

    const entryRows = () =>
      database.db.selectFrom("entry_totals").selectAll().where("day", "=", day).execute();

    it("keep the real sources in the insights and a bounded number of rows, through retention", async () => {
      const { db } = database;
      // The day starts with real visitors, then 100,000 beacons each with a source of its own,
      // then real sources that only arrive after the flood.
      await countViews(db, [...visitors(4, "direct"), ...visitors(2, "google")]);
      const flood = 100_000;
      for (let i = 0; i < flood; i += 500)
        await countViews(
          db,
          Array.from({ length: 500 }, (_, j) =>
            visitor(`spam-${i + j}.example`, pages[(i + j) % pages.length]),
          ),
        );
      await countViews(db, [...visitors(3, "linkedin"), ...visitors(5, "newsletter")]);

      const started = performance.now();
      const insights = await insightsFor(db, range);
      const ms = Math.round(performance.now() - started);
      const sources = new Map(insights.sources.map((s: SourceRow) => [s.source, s.visitors]));
      expect(
        Object.fromEntries(
          ["direct", "google", "linkedin", "newsletter"].map((s) => [s, sources.get(s)]),
        ),
      ).toEqual({
        direct: 4,
        google: 2,
        linkedin: 3,
        newsletter: 5,
      });
      // Every visitor is counted once, named or not.
      expect(insights.visitors).toBe(flood + 14);
      const named = insights.sources.filter(
        (s: SourceRow) => s.source !== otherSources && s.source.startsWith("spam-"),
      );
      expect(named.length).toBeLessThanOrEqual(sourceNaming.freeNames);
      expect(sources.get(otherSources)).toBe(flood - named.length);
      // What the day keeps for ever: at most maxNames + 2 sources per entry page.
      const rows = await entryRows();
      expect(rows.length).toBeLessThanOrEqual((sourceNaming.maxNames + 2) * pages.length);
      // The free names, direct, the two that came later, and "(other)".
      expect(new Set(rows.map((row) => row.source)).size).toBeLessThanOrEqual(
        sourceNaming.freeNames + 4,
      );

      // After 30 days the raw visitors go, and with them every made-up source but the totals'.
      await applyVisitRetention(db, { now: new Date("2026-12-28T12:00:00.000Z"), timeZone: "UTC" });
      expect(await db.selectFrom("visitors").selectAll().execute()).toEqual([]);
      expect((await entryRows()).length).toBe(rows.length);
      expect((await insightsFor(db, range)).visitors).toBe(flood + 14);
      console.log(
        `${engine.name}: ${flood} made-up sources kept ${rows.length} entry rows; insights in ${ms} ms`,
      );
    });

    it("name a source once enough visitors came from it, moving its first ones out of (other)", async () => {
      const { db } = database;
      await countViews(
        db,
        Array.from({ length: sourceNaming.freeNames }, (_, i) => visitor(`early-${i}`)),
      );
      // Two visitors from a new source: not named yet.
      const first = visitor("podcast", "/");
      await countViews(db, [first, visitor("podcast", "/about")]);
      const other = async () =>
        Object.fromEntries(
          (await entryRows())
            .filter((row) => row.source === otherSources)
            .map((row) => [row.entry_path, Number(row.visitors)]),
        );
      expect(await other()).toEqual({ "/": 1, "/about": 1 });
      // The third names it, with all three, each under the page it entered on.
      await countViews(db, [visitor("podcast", "/about")]);
      const podcast = (await entryRows())
        .filter((row) => row.source === "podcast")
        .map((row) => [row.entry_path, Number(row.visitors)])
        .sort();
      expect(podcast).toEqual([
        ["/", 1],
        ["/about", 2],
      ]);
      // "(other)" gave them back, and keeps no empty row.
      expect(await other()).toEqual({});
      // The same visitor again is not a new visitor of the source.
      await countViews(db, [{ ...first, path: "/about" }]);
      expect((await insightsFor(db, range)).visitors).toBe(sourceNaming.freeNames + 3);
    });

    it("stop naming new sources at maxNames a day", async () => {
      const { db } = database;
      const names = sourceNaming.maxNames + 10;
      for (let round = 0; round < sourceNaming.minVisitors; round++)
        await countViews(
          db,
          Array.from({ length: names }, (_, i) => visitor(`site-${i}`)),
        );
      const sources = new Set((await entryRows()).map((row) => row.source));
      expect(sources.size).toBe(sourceNaming.maxNames + 1); // and "(other)"
      expect((await insightsFor(db, range)).visitors).toBe(names * sourceNaming.minVisitors);
    });

    it("fold the totals of a flood counted before this rule", async () => {
      const empty = await engine.open({ migrate: false });
      try {
        const db = empty.db as unknown as Kysely<unknown>;
        const migrator = await migratorFor(db);
        // As migrateToLatest runs them: on SQLite, a migration's own transaction is a savepoint.
        const upTo = await withNestedTransactionsAsSavepoints(() =>
          migrator.migrateTo("2026-11-29T09-00-event-registrations"),
        );
        expect(upTo.error).toBeUndefined();
        const rows = [
          { day, entry_path: "/", source: "direct", visitors: 50 },
          { day, entry_path: "/", source: "google", visitors: 9 },
          ...Array.from({ length: 300 }, (_, i) => ({
            day,
            entry_path: pages[i % 2] as string,
            source: `spam-${String(i).padStart(3, "0")}`,
            visitors: 1,
          })),
          // Another day, an ordinary one: left as it is.
          { day: "2026-11-25", entry_path: "/", source: "bing", visitors: 1 },
        ];
        await empty.db.insertInto("entry_totals").values(rows).execute();
        await migrateToLatest(db);
        const kept = await empty.db.selectFrom("entry_totals").selectAll().execute();
        const of = (d: string, source: string) =>
          kept
            .filter((row) => row.day === d && row.source === source)
            .reduce((sum, row) => sum + Number(row.visitors), 0);
        expect([of(day, "direct"), of(day, "google"), of("2026-11-25", "bing")]).toEqual([
          50, 9, 1,
        ]);
        // The first 20 by visitors, then by name, keep their names (direct is not one of them).
        const spamNamed = new Set(
          kept.filter((r) => r.source.startsWith("spam-")).map((r) => r.source),
        );
        expect(spamNamed.size).toBe(sourceNaming.freeNames - 1);
        expect(of(day, otherSources)).toBe(300 - spamNamed.size);
      } finally {
        await empty.close();
      }
    });
  },
);
