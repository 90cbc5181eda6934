import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Pages rendered when content is published (docs/decisions/033): the database holds them so
// every instance serves the same page, keyed by the build that rendered them, since a page
// names that build's hashed assets. A row with gone = 1 says the build's own page at that path
// is no longer served (its entry was unpublished or renamed).

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof SqliteAdapter ? sql`blob` : sql`bytea`;
  await db.schema
    .createTable("rendered_pages")
    .addColumn("build_id", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("gone", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("content_type", "text", (c) => c.notNull())
    // A fingerprint of the page's loader data: a page whose data did not change is not rendered.
    .addColumn("data_hash", "text", (c) => c.notNull())
    // The content folders its loaders read, as JSON: which pages a change can touch.
    .addColumn("reads", "text", (c) => c.notNull())
    .addColumn("body", binary, (c) => c.notNull())
    .addColumn("br", binary)
    .addColumn("gz", binary)
    .addColumn("etag", "text", (c) => c.notNull())
    .addColumn("script_hashes", "text", (c) => c.notNull())
    // Milliseconds since the epoch: instances poll for rows newer than the last they saw.
    .addColumn("rendered_at", "bigint", (c) => c.notNull())
    // The content generation it was rendered from: an older snapshot never overwrites it.
    .addColumn("generation", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rendered_pages_pk", ["build_id", "path"])
    .execute();
  // Counts the changes to published content: each render is stamped with the count it read.
  await db.schema
    .createTable("render_generation")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("value", "bigint", (c) => c.notNull())
    .execute();
  await db
    .insertInto("render_generation" as never)
    .values({ id: 1, value: 0 } as never)
    .execute();
  // One instance does each timed pass over a build's pages (an event's end, say): the one
  // whose insert of the pass's slot succeeds.
  await db.schema
    .createTable("render_claims")
    .addColumn("build_id", "text", (c) => c.notNull())
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("claimed_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("render_claims_pk", ["build_id", "slot"])
    .execute();
  await db.schema
    .createIndex("rendered_pages_by_time")
    .on("rendered_pages")
    .columns(["build_id", "rendered_at"])
    .execute();
}
