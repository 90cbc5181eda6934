import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The audit log (docs/team.md, "Audit log"): who did what, when, to what, with before and after
// where the change is a value; never a lead's personal data. Append-only through the API (no
// endpoint changes or deletes an entry); entries older than 400 days are deleted hourly.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("audit_log")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("at", sql.raw(timestamp), (c) => c.notNull())
    // Kept when the account goes: the e-mail says who it was.
    .addColumn("actor_id", sql.raw(uuid))
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    // JSON: before and after of values, counts, the fields a bulk update set.
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("audit_log_actor")
    .on("audit_log")
    .columns(["actor_email", "at"])
    .execute();
}
