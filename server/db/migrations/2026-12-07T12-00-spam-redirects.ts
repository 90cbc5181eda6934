import type { Kysely } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// A merged lead marked as spam keeps the redirects of the leads merged into it, as JSON in its
// spam row, so Not spam brings back their old links and reply tokens with it
// (docs/decisions/041-merging-leads.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("spam_leads").addColumn("redirects", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("spam_leads").dropColumn("redirects").execute();
}
