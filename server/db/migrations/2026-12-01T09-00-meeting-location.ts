import type { Kysely } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Where calls happen (docs/booking.md, "Where calls happen"): each meeting keeps the place it
// was booked with (JSON, as domain/meeting-location.ts writes it) and, for a phone call, the
// number the visitor gave. Meetings booked before, or while the owner had not said where,
// have none.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("meetings").addColumn("location", "text").execute();
  await db.schema.alterTable("meetings").addColumn("visitor_phone", "text").execute();
}
