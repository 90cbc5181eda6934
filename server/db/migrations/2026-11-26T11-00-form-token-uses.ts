import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 22: a contact form's timing token is good for one message. Each token used is kept,
// hashed, with a fingerprint of the message it came with (a retry of the same message is not
// a reuse), until the token expires; then it is purged.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("form_token_uses")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("expires_at", sql.raw(sqlite ? "text" : "timestamptz"), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("form_token_uses_expires_at")
    .on("form_token_uses")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("form_token_uses").execute();
}
