import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The team (docs/team.md): invitations by e-mail, each to one role, found by the hash of their
// token (the token itself is never stored: it is made again from the server's key and the
// row's nonce when the e-mail is written); and on each account, when it last signed in and
// whether it is available for new leads (round-robin skips someone away).

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";
  const bool = sqlite ? "integer" : "boolean";

  await db.schema
    .createTable("team_invitations")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_normalized", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql.raw("role in ('owner','member','editor')")),
    )
    // Random per sending: a resend makes a new token, and the old link stops working.
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", sql.raw(uuid), (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("sent_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("expires_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("accepted_at", sql.raw(timestamp))
    .addColumn("accepted_by", sql.raw(uuid), (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", sql.raw(timestamp))
    .execute();
  await db.schema
    .createIndex("team_invitations_email")
    .on("team_invitations")
    .column("email_normalized")
    .execute();

  await db.schema.alterTable("users").addColumn("last_sign_in_at", sql.raw(timestamp)).execute();
  await db.schema
    .alterTable("users")
    .addColumn("available", sql.raw(bool), (c) =>
      c.notNull().defaultTo(sql.raw(sqlite ? "1" : "true")),
    )
    .execute();
}
