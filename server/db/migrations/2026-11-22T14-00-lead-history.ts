import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Lead history: one row per changed field per save (who, when, from → to), and indexes for
// the lead tracker's lists at 100,000 leads.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("lead_events")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("lead_id", sql.raw(uuid), (c) =>
      c.notNull().references("leads.id").onDelete("cascade"),
    )
    // Kept as text too, so history survives the account that made it being removed.
    .addColumn("actor_id", sql.raw(uuid))
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) =>
      c.notNull().check(sql.raw("field in ('CommStatus','LeadStatus','Notes')")),
    )
    .addColumn("from_value", "text", (c) => c.notNull())
    .addColumn("to_value", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_events_lead_created")
    .on("lead_events")
    .columns(["lead_id", "created_at"])
    .execute();

  // "Follow Up With" is everything but UNREAD, latest update first: walk updated_at backwards
  // and skip the few UNREAD rows, rather than sort the whole table.
  await db.schema
    .createIndex("leads_updated_at_id")
    .on("leads")
    .columns(["updated_at", "id"])
    .execute();
  // "New Leads" pages by (created_at, id) within UNREAD.
  await db.schema
    .createIndex("leads_comm_status_created_at_id")
    .on("leads")
    .columns(["comm_status", "created_at", "id"])
    .execute();
  // The export of every lead, newest first, and the dashboard's leads per week.
  await db.schema
    .createIndex("leads_created_at_id")
    .on("leads")
    .columns(["created_at", "id"])
    .execute();
}
