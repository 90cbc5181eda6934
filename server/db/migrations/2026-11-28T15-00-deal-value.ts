import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 27, deal value and outcome: a lead's estimated value (whole currency units, or null)
// and when it was closed (last entered CONVERTED or ABANDONED), kept by a lead moved to Spam
// too; its history records Value changes (the CHECK on lead_events widens); leads closed
// before this learn their ClosedAt from their history, or their last update.

const fields = "'CommStatus','LeadStatus','Notes','NextFollowUp','Meeting','Value'";

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sqlite ? "text" : "timestamptz";
  for (const table of ["leads", "spam_leads"]) {
    await db.schema.alterTable(table).addColumn("value", "bigint").execute();
    await db.schema.alterTable(table).addColumn("closed_at", sql.raw(timestamp)).execute();
  }
  await sql`
    update leads set closed_at = coalesce(
      (select max(e.created_at) from lead_events e
        where e.lead_id = leads.id and e.field = 'LeadStatus'
          and e.to_value in ('CONVERTED', 'ABANDONED')),
      leads.updated_at)
    where lead_status in ('CONVERTED', 'ABANDONED')`.execute(db);
  // The pipeline's closed columns and the insights read closed leads by when they closed.
  await db.schema
    .createIndex("leads_status_closed")
    .on("leads")
    .columns(["lead_status", "closed_at"])
    .execute();

  if (!sqlite) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'lead_events'::regclass and contype = 'c'`.execute(db);
    for (const { name } of rows)
      await sql`alter table lead_events drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table lead_events add constraint lead_events_field_check
      check (field in (${sql.raw(fields)}))`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK constraint: the table is rebuilt with the new one, the
  // documented way (create, copy, drop, rename), inside the migration's transaction.
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
  // Value entries would break the older CHECK on lead_events: it keeps the wider one.
  await db.schema.dropIndex("leads_status_closed").execute();
  for (const table of ["leads", "spam_leads"]) {
    await db.schema.alterTable(table).dropColumn("closed_at").execute();
    await db.schema.alterTable(table).dropColumn("value").execute();
  }
}
