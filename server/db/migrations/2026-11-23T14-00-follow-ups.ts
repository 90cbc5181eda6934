import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Follow-ups: each lead may carry the date of its next follow-up, changes to it are recorded in
// the lead's history, and the outbox can hold one piece of work per key (the daily digest, one
// per date).

const fields = "'CommStatus','LeadStatus','Notes','NextFollowUp'";

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  // A calendar date ("2026-11-25") in the owner's time zone, not an instant.
  await db.schema
    .alterTable("leads")
    .addColumn("next_follow_up", sql.raw(sqlite ? "text" : "date"))
    .execute();
  // The due list: the leads with a date, earliest first. Partial, so leads without one cost nothing.
  await db.schema
    .createIndex("leads_next_follow_up_id")
    .on("leads")
    .columns(["next_follow_up", "id"])
    .where(sql.ref("next_follow_up"), "is not", null)
    .execute();

  if (sqlite) await allowNextFollowUpInSqliteHistory(db);
  else {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'lead_events'::regclass and contype = 'c'`.execute(db);
    for (const { name } of rows)
      await sql`alter table lead_events drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table lead_events add constraint lead_events_field_check
      check (field in (${sql.raw(fields)}))`.execute(db);
  }

  // One row per key and kind: a second instance enqueuing the same day's digest is a no-op.
  await db.schema.alterTable("outbox").addColumn("dedupe_key", "text").execute();
  await db.schema
    .createIndex("outbox_kind_dedupe_key")
    .on("outbox")
    .columns(["kind", "dedupe_key"])
    .unique()
    .execute();
}

/**
 * SQLite cannot change a CHECK constraint: the table is rebuilt with the new one, the
 * documented way (create, copy, drop, rename), inside the migration's transaction.
 */
async function allowNextFollowUpInSqliteHistory(db: Kysely<unknown>): Promise<void> {
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
