import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Passkeys as a second factor (docs/team.md, "Two-factor sign-in"; ADR 042): an account's
// WebAuthn credentials (found by their credential ID, with the public key and the signature
// counter a cloned authenticator would trip), and the challenges handed out for registering
// and signing in. A challenge is kept by its hash, for 5 minutes, and is deleted as it is
// used, so several instances sharing the database each accept it at most once.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("passkeys")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("user_id", sql.raw(uuid), (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("last_used_at", sql.raw(timestamp))
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("challenge_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", sql.raw(uuid), (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("expires_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webauthn_challenges_expiry")
    .on("webauthn_challenges")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webauthn_challenges").execute();
  await db.schema.dropTable("passkeys").execute();
}
