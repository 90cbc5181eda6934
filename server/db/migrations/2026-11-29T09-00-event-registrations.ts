import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 28, event registration: who registered for which event and for how many seats, each
// registration belonging to a lead (erased with it), and one row per event counting the seats
// taken. A registration takes its seats with one conditional UPDATE of that row ("taken + n
// <= capacity"), which the database runs one at a time per event, whatever instance sent it;
// the capacity itself stays in the event's content, so editing it needs no migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("event_seats")
    .addColumn("event_slug", "text", (c) => c.primaryKey())
    .addColumn("taken", "integer", (c) => c.notNull().defaultTo(0).check(sql`taken >= 0`))
    .execute();

  await db.schema
    .createTable("event_registrations")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("event_slug", "text", (c) => c.notNull())
    .addColumn("lead_id", sql.raw(uuid), (c) =>
      c.notNull().references("leads.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (c) => c.notNull())
    // The address as compared: one registration per person and event, Bob@x and bob@x alike.
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("seats", "integer", (c) => c.notNull().check(sql`seats >= 1`))
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addUniqueConstraint("event_registrations_person", ["event_slug", "email_key"])
    .execute();
  await db.schema
    .createIndex("event_registrations_lead")
    .on("event_registrations")
    .column("lead_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("event_registrations").execute();
  await db.schema.dropTable("event_seats").execute();
}
