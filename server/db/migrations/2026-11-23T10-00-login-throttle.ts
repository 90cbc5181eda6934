import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Login throttling per account and address (docs/security.md) replaces the per-account lockout,
// which anyone could trigger to lock the owner out and which told apart existing accounts.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("login_throttle")
    // SHA-256 of the normalised e-mail and the address: no e-mail or address is stored.
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("blocked_until", sql.raw(timestamp))
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_throttle_updated_at")
    .on("login_throttle")
    .column("updated_at")
    .execute();

  await db.schema.alterTable("users").dropColumn("failed_logins").execute();
  await db.schema.alterTable("users").dropColumn("locked_until").execute();
}
