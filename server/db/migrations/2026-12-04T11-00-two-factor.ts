import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Two-factor sign-in (docs/team.md): an account's TOTP secret, encrypted under a key derived
// from the server's signing key (a copy of the database alone cannot make codes), the one
// being set up until a code confirms it, and the last time step a code was accepted for, so a
// code works once. Recovery codes are kept as hashes, each used once.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "bigint").execute();
  await db.schema.alterTable("users").addColumn("mfa_enabled_at", sql.raw(timestamp)).execute();

  await db.schema
    .createTable("mfa_recovery_codes")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("user_id", sql.raw(uuid), (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", sql.raw(timestamp))
    .execute();
  await db.schema
    .createIndex("mfa_recovery_codes_user")
    .on("mfa_recovery_codes")
    .column("user_id")
    .execute();
}
