import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 25, the owner's CalDAV calendar: each meeting's copy there is kept in step by a
// queue of one row per meeting. Every change to the meeting (booked, moved, cancelled,
// erased) raises `generation`; the sync writes the meeting as it is then and records the
// generation it wrote. No foreign key: an erased meeting's row must outlive it until its
// event is removed from the calendar, and it holds nothing but the meeting's random ID.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";
  await db.schema
    .createTable("calendar_sync")
    .addColumn("meeting_id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("generation", "integer", (c) => c.notNull())
    .addColumn("synced_generation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("locked_until", sql.raw(timestamp))
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("calendar_sync_due")
    .on("calendar_sync")
    .column("next_attempt_at")
    .where(sql<boolean>`synced_generation < generation`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("calendar_sync").execute();
}
