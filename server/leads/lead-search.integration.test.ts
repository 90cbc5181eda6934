import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadFilters } from "../../domain/lead-filters.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { migrateToLatest, migratorFor } from "../db/migrate.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { type LeadList, listLeads, searchableText } from "./lead-lists.repository.ts";

// Search is answered three ways on SQLite (a probe of the latest leads, the FTS5 trigram
// index, a plain scan) and by pg_trgm or a scan on PostgreSQL. Whichever way answers, the
// result must be exactly "every word appears in the name, e-mail or message, ignoring case",
// computed here in plain JavaScript as the reference.

type Seed = {
  first: string;
  last: string;
  email: string;
  message: string;
  comm: string;
  minute: number;
  updatedMinute: number;
};

const texts: Array<[first: string, last: string, email: string, message: string]> = [
  ["Rosa", "Delgado", "rosa@bakery.example", "We run a bakery and need online orders."],
  ["Tom", "Baker", "tom@plumbing.example", "Plumbing firm, 100% booked, need a new site."],
  ["Ana", "Li", "ana@cafe.example", "Café ☕ with a terrace, menu online please"],
  ["Jo", "Ng", "jo@gym.example", "Gym: class_timetable and booking"],
  ["Sam", "O'Neil", "sam@salon.example", 'Salon; they said "hi" then NEAR(x y) AND OR NOT'],
  ["Lee", "Park", "lee@vet.example", "Vet clinic -b test* with under_score and a\\backslash"],
  ["Mia", "Stone", "mia@bakery.example", "Second BAKERY, sourdough only"],
  ["Al", "Ray", "al@ray.example", "a"],
  ["Jürgen", "MÜLLER", "j@mueller.example", "Bäckerei in Köln"],
  ["Sabine", "Müller", "s@mueller.example", "BÄCKEREI, zweite Filiale"],
];

const seeds: Seed[] = Array.from({ length: 40 }, (_, i) => {
  const [first, last, email, message] = texts[i % texts.length] ?? ["", "", "", ""];
  return {
    first,
    last: `${last}${i}`,
    email: email.replace("@", `${i}@`),
    message,
    comm: ["UNREAD", "REPLIED", "UNREAD", "DEAD", "CONVERSING"][i % 5] ?? "UNREAD",
    // Some leads share a minute, so the id decides their order.
    minute: Math.floor(i / 3),
    updatedMinute: 100 + ((i * 7) % 40),
  };
});

const searches = [
  "bakery",
  "BAKERY",
  "rosa bakery",
  "bakery rosa2",
  "ro",
  "a",
  "Li",
  "%",
  "100%",
  "_",
  "under_score",
  "\\",
  'said "hi"',
  '"',
  "NEAR(x",
  "AND",
  "OR NOT",
  "-b",
  "test*",
  "café",
  "☕",
  "o'neil",
  "example",
  "zebra",
  "bak ery",
  "delgado16",
  "müller",
  "MÜLLER",
  "bäckerei",
  "Köln",
  "ü",
  "abc\u0000def",
  "rosa\u0000bakery",
  "\u0000",
];

const minuteIso = (m: number) => new Date(Date.UTC(2026, 10, 1, 9, m)).toISOString();

type Row = Seed & { id: string };

/**
 * Case folding is the engine's: PostgreSQL's ILIKE folds every letter, SQLite's LIKE only
 * A–Z (it has no Unicode tables without ICU). Within an engine it must never depend on the
 * way a search is answered.
 */
const folds = {
  postgres: (text: string) => text.toLowerCase(),
  sqlite: (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase()),
};

function reference(
  rows: Row[],
  list: LeadList,
  q: string,
  fold: (text: string) => string,
): string[] {
  // Control characters separate words, as spaces do.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is about them.
  const words = q.split(/[\s\u0000-\u001f]+/).filter(Boolean);
  const haystack = (r: Row) => fold(`${r.first} ${r.last} ${r.email} ${r.message}`);
  const inList = (r: Row) =>
    list === "all" || (list === "new" ? r.comm === "UNREAD" : r.comm !== "UNREAD");
  const at = (r: Row) => (list === "old" ? r.updatedMinute : r.minute);
  return rows
    .filter((r) => inList(r) && words.every((w) => haystack(r).includes(fold(w))))
    .sort((a, b) => at(b) - at(a) || (a.id < b.id ? 1 : -1))
    .map((r) => r.id);
}

async function insertLeads(db: Kysely<unknown>, list: Seed[]): Promise<Row[]> {
  const rows = list.map((s) => ({ ...s, id: uuidv7() }));
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto("leads")
    .values(
      rows.map((r) => ({
        id: r.id,
        first_name: r.first,
        last_name: r.last,
        email: r.email,
        message: r.message,
        comm_status: r.comm,
        created_at: minuteIso(r.minute),
        updated_at: minuteIso(r.updatedMinute),
      })),
    )
    .execute();
  return rows;
}

/** Every page of a list, three leads at a time, following the cursors. */
async function allPages(
  handle: DatabaseHandle,
  list: LeadList,
  filters: LeadFilters,
  way: { scan?: boolean; probeRows?: number },
): Promise<string[]> {
  const ids: string[] = [];
  let after: { at: string; id: string } | undefined;
  do {
    const page = await listLeads(handle.db, list, { limit: 3, after, filters, ...way });
    ids.push(...page.leads.map((l) => l.ID));
    after = page.next ?? undefined;
  } while (after);
  return ids;
}

describe.each(testEngines)("lead search on $name", (engine) => {
  let handle: DatabaseHandle;
  const fold = folds[engine.name];
  afterEach(() => handle.close());

  describe("on a migrated database", () => {
    let rows: Row[];
    beforeEach(async () => {
      handle = await engine.open();
      rows = await insertLeads(handle.db as unknown as Kysely<unknown>, seeds);
    });

    it("finds exactly the leads with every word, however the query is answered", async () => {
      const ways = {
        "probe, then index": {},
        "index only": { probeRows: 0 },
        "a probe too small to fill a page": { probeRows: 5 },
        "probe that fills pages": { probeRows: 1000 },
        scan: { scan: true },
      };
      for (const q of searches) {
        for (const list of ["new", "old", "all"] as const) {
          const expected = reference(rows, list, q, fold);
          for (const [name, way] of Object.entries(ways)) {
            expect(await allPages(handle, list, { q }, way), `${list} q=${q} by ${name}`).toEqual(
              expected,
            );
          }
        }
      }
      // The reference itself is not trivially empty or full.
      expect(reference(rows, "all", "bakery", fold)).toHaveLength(8);
      expect(reference(rows, "all", "100%", fold)).toHaveLength(4);
    });

    it("combines search with the status filters", async () => {
      const page = await listLeads(handle.db, "old", {
        limit: 50,
        filters: { q: "bakery", comm: "REPLIED" },
      });
      const expected = reference(rows, "old", "bakery", fold).filter(
        (id) => rows.find((r) => r.id === id)?.comm === "REPLIED",
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(page.leads.map((l) => l.ID)).toEqual(expected);
    });

    it("keeps the index in step when a lead's text changes or the lead is deleted", async () => {
      const rosa = rows[0];
      if (!rosa) throw new Error("no seed");
      const find = async (q: string) =>
        (await listLeads(handle.db, "all", { limit: 50, filters: { q }, probeRows: 0 })).leads.map(
          (l) => l.ID,
        );
      expect(await find("delgado0")).toEqual([rosa.id]);
      await handle.db
        .updateTable("leads")
        .set({ last_name: "Marquez", message: "Now a patisserie" })
        .where("id", "=", rosa.id)
        .execute();
      expect(await find("delgado0")).toEqual([]);
      expect(await find("marquez patisserie")).toEqual([rosa.id]);
      await handle.db.deleteFrom("leads").where("id", "=", rosa.id).execute();
      expect(await find("marquez")).toEqual([]);
    });

    it("answers from the trigram index, not by reading every lead", async () => {
      if (engine.name === "sqlite") {
        const { rows: plan } = await sql<{ detail: string }>`
          explain query plan select lead_id from leads_search where leads_search match ${'"bakery"'}`.execute(
          handle.db,
        );
        expect(plan.map((p) => p.detail).join(" ")).toMatch(/VIRTUAL TABLE INDEX/);
        return;
      }
      // With sequential scans priced out, a usable index must be chosen: this fails if the
      // repository's expression and the migration's index ever differ.
      const plan = await handle.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows: lines } = await sql<{ "QUERY PLAN": string }>`
          explain select id from leads where ${searchableText} ilike ${"%bakery%"}`.execute(trx);
        return lines.map((l) => l["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/leads_search_trgm/);
    });
  });

  it("indexes the leads that were stored before the search index existed", async () => {
    handle = await engine.open({ migrate: false });
    const db = handle.db as unknown as Kysely<unknown>;
    const migrator = await migratorFor(db);
    const before = await migrator.migrateTo("2026-11-22T14-00-lead-history");
    if (before.error) throw before.error;
    const rows = await insertLeads(db, seeds.slice(0, 8));
    await migrateToLatest(db);
    expect(await allPages(handle, "all", { q: "bakery" }, { probeRows: 0 })).toEqual(
      reference(rows, "all", "bakery", fold),
    );
  });
});
