import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Types are chosen per engine so both end up with the same meaning.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";
  const bool = sqlite ? "integer" : "boolean";
  const commStatuses = "'RESOLVED','NO CONTACT','DEAD','UNREAD','REPLIED','CONVERSING'";
  const leadStatuses = "'CONVERTED','ABANDONED','COLD','WARM','HOT'";

  await db.schema
    .createTable("leads")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contacted_us", sql.raw(bool), (c) =>
      c.notNull().defaultTo(sql.raw(sqlite ? "1" : "true")),
    )
    .addColumn("lead_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("WARM")
        .check(sql.raw(`lead_status in (${leadStatuses})`)),
    )
    .addColumn("comm_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("UNREAD")
        .check(sql.raw(`comm_status in (${commStatuses})`)),
    )
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source_page", "text")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  // "New Leads": UNREAD, newest first. "Follow Up With": the rest, most recently updated first.
  await db.schema
    .createIndex("leads_comm_status_created_at")
    .on("leads")
    .columns(["comm_status", "created_at"])
    .execute();
  await db.schema
    .createIndex("leads_comm_status_updated_at")
    .on("leads")
    .columns(["comm_status", "updated_at"])
    .execute();
  // Finding a repeated request (same email and message within minutes).
  await db.schema
    .createIndex("leads_email_created_at")
    .on("leads")
    .columns(["email", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("leads").execute();
}
