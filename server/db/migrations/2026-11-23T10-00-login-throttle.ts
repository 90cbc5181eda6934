import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Login throttling per account and address (ADR 011) replaces the per-account lockout, which
// anyone could trigger to lock the owner out and which told apart existing accounts. The old
// lockout columns stay for now: during a rolling deploy, instances still running the previous
// version write them; a later migration drops them.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("login_throttle")
    // An HMAC of the normalised e-mail and the address: neither is stored.
    .addColumn("key", "text", (c) => c.primaryKey())
    // Attempts since the last success.
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("blocked_until", sql.raw(timestamp))
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_throttle_updated_at")
    .on("login_throttle")
    .column("updated_at")
    .execute();
}
