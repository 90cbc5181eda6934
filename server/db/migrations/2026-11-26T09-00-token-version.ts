import type { Kysely } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 22: an account's access tokens can be ended at once. Every access token carries the
// account's token_version; a password change or a promotion bumps it, and the admin guard
// refuses a token whose version is not the account's current one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("token_version").execute();
}
