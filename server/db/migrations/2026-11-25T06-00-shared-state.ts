import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Several instances on one PostgreSQL (issue 15, ADR 016): what was per-process becomes shared.
// - server_secrets: the generated token-signing key, created once by whichever instance starts
//   first, so a token one instance issues is accepted by every other.
// - rate_limit_counters: request counts per limit and client, counted by the database's clock.
// SQLite gets the tables too (one schema for both engines) but keeps its key file and its
// in-memory limits: one machine, one process.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limit_counters")
    // A hash of the limit's name and the client's address: no address is stored.
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("reset_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  // Expired counters are swept by reset_at.
  await db.schema
    .createIndex("rate_limit_counters_reset_at")
    .on("rate_limit_counters")
    .column("reset_at")
    .execute();
}
