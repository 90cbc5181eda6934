import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 25: a lead's history records its meeting being booked, moved and cancelled, as the
// field "Meeting" (from and to: the start in UTC, or "cancelled").

const fields = "'CommStatus','LeadStatus','Notes','NextFollowUp','Meeting'";

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
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
      created_at text not null
    )`.execute(db);
  await sql`insert into lead_events_new select id, lead_id, actor_id, actor_email, field,
    from_value, to_value, created_at from lead_events`.execute(db);
  await sql`drop table lead_events`.execute(db);
  await sql`alter table lead_events_new rename to lead_events`.execute(db);
  await sql`create index lead_events_lead_created on lead_events (lead_id, created_at)`.execute(db);
  await sql`create index lead_events_field_to_created on lead_events (field, to_value, created_at)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Meeting entries would break the older CHECK: going back keeps the wider one.
}
