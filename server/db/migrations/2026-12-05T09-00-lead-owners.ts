import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Whose lead it is (docs/decisions/037): each lead, and a lead kept as spam, names the team
// member it is assigned to (or no one); the team's assignment mode and round-robin's turn live
// in one row that instances advance by compare-and-set; history records AssignedTo changes
// (the CHECK on lead_events widens, rebuilt on SQLite as in the deal-value migration).

const fields = "'CommStatus','LeadStatus','Notes','NextFollowUp','Meeting','Value','AssignedTo'";

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // A user's ID, of the type users.id has on each engine.
  const userId = sql.raw(sqlite ? "text" : "uuid");
  for (const table of ["leads", "spam_leads"])
    await db.schema.alterTable(table).addColumn("assigned_to", userId).execute();
  await db.schema.createIndex("leads_assigned_to").on("leads").column("assigned_to").execute();
  await db.schema
    .createTable("team_assignment")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("mode", "text", (c) =>
      c.notNull().defaultTo("manual").check(sql.raw("mode in ('manual','round-robin')")),
    )
    .addColumn("last_user_id", userId)
    .addColumn("turn", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into team_assignment (id, mode, turn) values (1, 'manual', 0)`.execute(db);

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
  // AssignedTo entries would break the older CHECK on lead_events: it keeps the wider one.
  await db.schema.dropTable("team_assignment").execute();
  await db.schema.dropIndex("leads_assigned_to").execute();
  for (const table of ["leads", "spam_leads"])
    await db.schema.alterTable(table).dropColumn("assigned_to").execute();
}
