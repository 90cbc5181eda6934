import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Self-service (docs/team.md, "Your own account"): each session (a refresh-token family)
// remembers the browser and address it was last used from, so its owner can tell their
// sessions apart and end one; sessions are listed per account, hence the index. Password
// resets: a link by e-mail, found by its token's hash (the token itself is made again from
// the server's key and the row's nonce when the e-mail is written, as invitations do), good
// for 30 minutes and once.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema.alterTable("refresh_tokens").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("refresh_tokens").addColumn("ip_address", "text").execute();
  await db.schema
    .createIndex("refresh_tokens_user")
    .on("refresh_tokens")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("user_id", sql.raw(uuid), (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("expires_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("used_at", sql.raw(timestamp))
    .execute();
  await db.schema
    .createIndex("password_resets_user")
    .on("password_resets")
    .columns(["user_id", "created_at"])
    .execute();
}
