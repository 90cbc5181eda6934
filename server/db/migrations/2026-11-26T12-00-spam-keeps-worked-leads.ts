import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// A lead marked as spam by mistake comes back as it was (ADR 021): the spam row keeps the
// lead's statuses, notes, follow-up date, last update and its history (as JSON), all null
// for a submission that was judged spam on arrival. Kept in the same row, they go with it
// when it is erased or purged after 30 days. And the tracker's live updates ask for leads
// changed since a moment, which an index on updated_at answers from a short range.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sqlite ? "text" : "timestamptz";
  for (const [column, type] of [
    ["comm_status", "text"],
    ["lead_status", "text"],
    ["notes", "text"],
    ["next_follow_up", sqlite ? "text" : "date"],
    ["lead_updated_at", timestamp],
    ["history", "text"],
  ] as const)
    await db.schema.alterTable("spam_leads").addColumn(column, sql.raw(type)).execute();

  await db.schema.createIndex("leads_updated_at").on("leads").column("updated_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("leads_updated_at").execute();
  for (const column of [
    "history",
    "lead_updated_at",
    "next_follow_up",
    "notes",
    "lead_status",
    "comm_status",
  ])
    await db.schema.alterTable("spam_leads").dropColumn(column).execute();
}
