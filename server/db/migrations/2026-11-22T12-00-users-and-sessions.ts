import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Users, and refresh tokens stored only as SHA-256 hashes, grouped into families so that
// re-use of a rotated token can revoke every token descended from the same login.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("users")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    // Lower-cased copy: uniqueness and look-up are case-insensitive on both engines.
    .addColumn("email_normalized", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().defaultTo("user").check(sql.raw("role in ('user','admin')")),
    )
    .addColumn("failed_logins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", sql.raw(timestamp))
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", sql.raw(uuid), (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("family_id", sql.raw(uuid), (c) => c.notNull())
    .addColumn("parent_id", sql.raw(uuid))
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("used_at", sql.raw(timestamp))
    .addColumn("revoked_at", sql.raw(timestamp))
    .addColumn("idle_expires_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("expires_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("refresh_tokens_family")
    .on("refresh_tokens")
    .column("family_id")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_parent")
    .on("refresh_tokens")
    .column("parent_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("refresh_tokens").execute();
  await db.schema.dropTable("users").execute();
}
