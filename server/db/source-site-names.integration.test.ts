import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import type { DatabaseHandle } from "./connect.ts";
import { migrateToLatest, migratorFor } from "./migrate.ts";
import { withNestedTransactionsAsSavepoints } from "./node-sqlite-adapter.ts";
import { uuidv7 } from "./uuid.ts";

// Leads stored with a referrer's host as their label ("google.com") are relabelled
// with the site's name ("google") when the database is migrated, in batches, on both engines.

type Old = { referrer: string | null; utm: string | null; source: string | null };

/** Labels as the code before the migration wrote them: utm_source lowercased, else the host. */
const before: Old[] = [
  { referrer: "https://www.google.com/search", utm: null, source: "google.com" },
  { referrer: "https://www.google.co.uk/", utm: null, source: "google.co.uk" },
  { referrer: "https://news.ycombinator.com/item", utm: null, source: "news.ycombinator.com" },
  { referrer: "https://l.facebook.com/l.php", utm: null, source: "l.facebook.com" },
  { referrer: "https://t.co/abc", utm: null, source: "t.co" },
  { referrer: "http://192.168.1.20:8080/", utm: null, source: "192.168.1.20" },
  { referrer: "https://www.google.com/", utm: "Spring-Mail", source: "spring-mail" },
  { referrer: null, utm: "Facebook.com", source: "facebook.com" },
  { referrer: null, utm: "newsletter.v2", source: "newsletter.v2" },
  { referrer: null, utm: null, source: "direct" },
  // From before sources were recorded: nothing to go on, and nothing changes.
  { referrer: null, utm: null, source: null },
];
const after = [
  "google",
  "google",
  "ycombinator",
  "facebook",
  "twitter",
  "192.168.1.20",
  "spring-mail",
  "facebook",
  "newsletter.v2",
  "direct",
  null,
];

/** More leads than one batch of the migration holds, so the batches' seams are crossed. */
const manyLeads = 1_234;

describe.each(testEngines)("naming the sites leads came from, on $name", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("relabels leads and kept spam by the site's name, and leaves everything else alone", async () => {
    handle = await engine.open({ migrate: false });
    const db = handle.db as unknown as Kysely<unknown>;
    const migrator = await migratorFor(db);
    // As migrateToLatest runs them: on SQLite, a migration's own transaction is a savepoint.
    const upTo = await withNestedTransactionsAsSavepoints(() =>
      migrator.migrateTo("2026-11-26T12-00-spam-keeps-worked-leads"),
    );
    if (upTo.error) throw upTo.error;

    const start = Date.parse("2026-11-20T09:00:00.000Z");
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    const leads = Array.from({ length: manyLeads }, (_, i) => {
      const old = before[i % before.length] as Old;
      return {
        id: uuidv7(start + i),
        first_name: "Rosa",
        last_name: `Delgado${i}`,
        email: `rosa${i}@bakery.example`,
        message: "A new site, please.",
        contacted_us: true,
        lead_status: "WARM",
        comm_status: "UNREAD",
        notes: "",
        source_page: "/about",
        created_at: at(i),
        updated_at: at(i),
        referrer: old.referrer,
        utm_source: old.utm,
        source: old.source,
      };
    });
    for (let i = 0; i < leads.length; i += 200) {
      await handle.db
        .insertInto("leads")
        .values(leads.slice(i, i + 200))
        .execute();
    }
    await handle.db
      .insertInto("spam_leads")
      .values(
        before.map((old, i) => ({
          id: uuidv7(start - 1000 + i),
          first_name: "Spam",
          last_name: `Bot${i}`,
          email: `bot${i}@spam.example`,
          message: "Cheap links",
          source_page: null,
          referrer: old.referrer,
          utm_source: old.utm,
          utm_medium: null,
          utm_campaign: null,
          source: old.source,
          reason: "honeypot",
          message_hash: null,
          created_at: at(i),
          flagged_at: at(i),
        })),
      )
      .execute();

    await migrateToLatest(db);

    const rows = await handle.db
      .selectFrom("leads")
      .select(["id", "source", "referrer", "utm_source", "updated_at"])
      .orderBy("id")
      .execute();
    expect(rows).toHaveLength(manyLeads);
    expect(rows.map((row) => row.source)).toEqual(
      leads.map((_, i) => after[i % before.length] ?? null),
    );
    // What the labels are made from stays as it was, and no lead reads as changed by the owner.
    expect(rows.map((row) => [row.referrer, row.utm_source])).toEqual(
      leads.map((lead) => [lead.referrer, lead.utm_source]),
    );
    expect(rows.map((row) => new Date(row.updated_at).toISOString())).toEqual(
      leads.map((lead) => lead.updated_at),
    );

    const spam = await handle.db.selectFrom("spam_leads").select("source").orderBy("id").execute();
    expect(spam.map((row) => row.source)).toEqual(after);
  });
});
