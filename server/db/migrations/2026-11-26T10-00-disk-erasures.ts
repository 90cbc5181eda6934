import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 22: on SQLite an erased lead's earlier pages wait in the write-ahead log until a full
// checkpoint empties it, which a reader holding an older snapshot (a backup, a sqlite3
// session) can put off. Each erasure leaves a row here, in its own transaction, until the
// log is emptied: the work survives a restart, and the owner can be told it is pending. The
// rows say nothing about the person. PostgreSQL gets the table too (one schema for both
// engines) but never uses it: vacuum reclaims its dead rows.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("disk_erasures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", sql.raw(sqlite ? "text" : "timestamptz"), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("disk_erasures").execute();
}
