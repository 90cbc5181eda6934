import type { Kysely } from "kysely";
import { leadSourceOf } from "../../../domain/lead-source.ts";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 24: a lead sent by a site is labelled with the site's name ("google"), no longer its
// host ("google.com"), so a campaign tagged utm_source=google and a visitor from google.com
// count as one source; a campaign source written as a host (utm_source=facebook.com) is named
// the same way. This relabels what was stored before, in leads and in the spam kept for
// review, with the very function new leads are labelled by: a label computed here in SQL
// could drift from it, and the filter only finds labels in that function's form.
// The stored referrer and campaign are the input and stay as they are; updated_at is left
// alone, as the owner changed nothing.

/** Rows read and relabelled per round trip: a bounded amount of memory at any table size. */
const batchSize = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await relabel(db, "leads");
  await relabel(db, "spam_leads");

  // The dashboard's top pages: the last 30 days' leads by page, answered from the index like
  // the sources are from (created_at, source).
  await db.schema
    .createIndex("leads_created_at_source_page")
    .on("leads")
    .columns(["created_at", "source_page"])
    .execute();
}

type Row = {
  id: string;
  referrer: string | null;
  utm_source: string | null;
  source: string | null;
};

async function relabel(db: Kysely<unknown>, table: "leads" | "spam_leads"): Promise<void> {
  // Untyped on purpose: a migration sees the tables as they were then, not as schema.ts
  // describes them later.
  const untyped = db as Kysely<Record<typeof table, Row>>;
  let after: string | null = null;
  for (;;) {
    let query = untyped
      .selectFrom(table)
      .select(["id", "referrer", "utm_source", "source"])
      // A referrer's host, or a campaign source that may be written as one: the only labels
      // the naming changes. "direct" and labels from before sources were recorded stay.
      .where((eb) =>
        eb.or([
          eb.and([eb("utm_source", "is", null), eb("referrer", "is not", null)]),
          eb.and([eb("utm_source", "is not", null), eb("source", "like", "%.%")]),
        ]),
      )
      .orderBy("id")
      .limit(batchSize);
    if (after !== null) query = query.where("id", ">", after);
    const rows: Row[] = await query.execute();
    // The same label for many leads (every visitor from google.com) is one statement.
    const idsByLabel = new Map<string, string[]>();
    for (const row of rows) {
      const label = leadSourceOf({
        referrer: row.referrer ?? undefined,
        utmSource: row.utm_source ?? undefined,
      }).source;
      if (label !== row.source) idsByLabel.set(label, [...(idsByLabel.get(label) ?? []), row.id]);
    }
    for (const [label, ids] of idsByLabel) {
      await untyped.updateTable(table).set({ source: label }).where("id", "in", ids).execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The hosts are not restored: a site's name is a fine label for the code before this one,
  // whose filter compared labels as they were typed.
  await db.schema.dropIndex("leads_created_at_source_page").execute();
}
