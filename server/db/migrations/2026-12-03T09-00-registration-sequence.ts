import type { Kysely } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Event changes reach the people registered (docs/decisions/034): each registration keeps the
// SEQUENCE of the invite it was last sent (0: the confirmation's). A published event whose
// time or place changes raises it and sends the invite again under the same UID; cancelling
// sends the next one with METHOD:CANCEL. Existing registrations start at 0, as their invites did.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("event_registrations")
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
