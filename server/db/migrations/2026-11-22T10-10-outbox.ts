import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The outbox holds work to do after a commit (lead notification e-mails), so a crash
// between "stored" and "sent" loses nothing: the row is still there at the next start.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("outbox")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("lead_id", sql.raw(uuid), (c) => c.references("leads.id").onDelete("cascade"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("locked_until", sql.raw(timestamp))
    .addColumn("sent_at", sql.raw(timestamp))
    .addColumn("last_error", "text")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex("outbox_pending")
    .on("outbox")
    .columns(["sent_at", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
}
