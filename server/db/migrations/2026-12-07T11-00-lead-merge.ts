import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Merging duplicate leads (docs/decisions/041-merging-leads.md): where a merged-away lead's ID
// now points (lead_redirects, so old e-mail links and reply tokens still find the lead), and a
// "Merged" line in history (the CHECK on lead_events widens, rebuilt on SQLite as in the
// lead-owners migration). Duplicates are found by lower(email) through the index the
// lead-import migration just before this one makes.

const fields =
  "'CommStatus','LeadStatus','Notes','NextFollowUp','Meeting','Value','AssignedTo','Merged'";

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sql.raw(sqlite ? "text" : "uuid");
  const timestamp = sql.raw(sqlite ? "text" : "timestamptz");
  await db.schema
    .createTable("lead_redirects")
    // The merged-away lead's ID: no longer a lead, so no reference.
    .addColumn("old_id", uuid, (c) => c.primaryKey())
    // Erasing the kept lead takes its redirects with it.
    .addColumn("kept_id", uuid, (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("merged_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_redirects_kept")
    .on("lead_redirects")
    .column("kept_id")
    .execute();

  if (!sqlite) {
    await sql`alter table lead_events drop constraint lead_events_field_check`.execute(db);
    await sql`alter table lead_events add constraint lead_events_field_check
      check (field in (${sql.raw(fields)}))`.execute(db);
    return;
  }
  await sql`
    create table lead_events_new (
      id text primary key,
      lead_id text not null references leads(id) on delete cascade,
      actor_id text,
      actor_email text not null,
      field text not null check (field in (${sql.raw(fields)})),
      from_value text not null,
      to_value text not null,
      created_at text not null,
      via text
    )`.execute(db);
  await sql`insert into lead_events_new select id, lead_id, actor_id, actor_email, field,
    from_value, to_value, created_at, via from lead_events`.execute(db);
  await sql`drop table lead_events`.execute(db);
  await sql`alter table lead_events_new rename to lead_events`.execute(db);
  await sql`create index lead_events_lead_created on lead_events (lead_id, created_at)`.execute(db);
  await sql`create index lead_events_field_to_created on lead_events (field, to_value, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Merged entries would break the older CHECK on lead_events: it keeps the wider one.
  await db.schema.dropTable("lead_redirects").execute();
}
