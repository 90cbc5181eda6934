import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 25, booking a call: the owner's availability (one JSON row, shared by every
// instance), the meetings booked, and the claims that let the database itself refuse two
// meetings on one time: each meeting claims the 5-minute blocks from its start to the end of
// its buffer (a primary key, so a second claim of a block fails), and one of the day's
// numbered places under the daily maximum.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("booking_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("meetings")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("lead_id", sql.raw(uuid), (c) =>
      c.notNull().references("leads.id").onDelete("cascade"),
    )
    .addColumn("start_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("end_at", sql.raw(timestamp), (c) => c.notNull())
    // The owner's date it falls on, for the daily maximum and the digest.
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('booked','cancelled')")),
    )
    // iCalendar SEQUENCE: raised by each reschedule and by the cancellation.
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("visitor_time_zone", "text")
    .addColumn("cancelled_by", "text")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("meetings_status_start")
    .on("meetings")
    .columns(["status", "start_at"])
    .execute();
  await db.schema.createIndex("meetings_lead").on("meetings").column("lead_id").execute();

  await db.schema
    .createTable("meeting_claims")
    .addColumn("block", "bigint", (c) => c.primaryKey())
    .addColumn("meeting_id", sql.raw(uuid), (c) =>
      c.notNull().references("meetings.id").onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("meeting_claims_meeting")
    .on("meeting_claims")
    .column("meeting_id")
    .execute();

  await db.schema
    .createTable("meeting_day_places")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("place", "integer", (c) => c.notNull())
    .addColumn("meeting_id", sql.raw(uuid), (c) =>
      c.notNull().unique().references("meetings.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("meeting_day_places_pk", ["day", "place"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("meeting_day_places").execute();
  await db.schema.dropTable("meeting_claims").execute();
  await db.schema.dropTable("meetings").execute();
  await db.schema.dropTable("booking_settings").execute();
}
