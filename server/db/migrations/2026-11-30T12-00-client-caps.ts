import type { Kysely } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Caps per client (docs/booking.md, docs/events.md): a booked meeting and an event
// registration remember which client address sent them, as an HMAC under a key derived from
// the server's key (never the address), so one client can hold at most so many upcoming calls
// and so many seats of one event. Rows made before have none and count for nobody.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("meetings").addColumn("client_key", "text").execute();
  await db.schema.createIndex("meetings_client_key").on("meetings").column("client_key").execute();
  await db.schema.alterTable("event_registrations").addColumn("client_key", "text").execute();
  await db.schema
    .createIndex("event_registrations_client")
    .on("event_registrations")
    .columns(["event_slug", "client_key"])
    .execute();
}
