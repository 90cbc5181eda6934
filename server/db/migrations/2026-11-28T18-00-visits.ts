import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 27, visits counted without cookies: the day's secret (deleted once the day is over),
// the day's visitors as keyed hashes with the page each entered on and where they came from
// (kept 30 days, never an address or a user agent), and the per-day totals the insights
// read. Leads record the page their visit entered on.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sqlite ? "text" : "timestamptz";
  await db.schema
    .createTable("visit_keys")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("visitors")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("entry_path", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addPrimaryKeyConstraint("visitors_pk", ["day", "visitor"])
    .execute();
  await db.schema
    .createTable("page_view_totals")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("views", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_view_totals_pk", ["day", "path"])
    .execute();
  await db.schema
    .createTable("entry_totals")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("entry_path", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("visitors", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("entry_totals_pk", ["day", "entry_path", "source"])
    .execute();
  await db.schema.alterTable("leads").addColumn("entry_page", "text").execute();
  await db.schema.alterTable("spam_leads").addColumn("entry_page", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("spam_leads").dropColumn("entry_page").execute();
  await db.schema.alterTable("leads").dropColumn("entry_page").execute();
  await db.schema.dropTable("entry_totals").execute();
  await db.schema.dropTable("page_view_totals").execute();
  await db.schema.dropTable("visitors").execute();
  await db.schema.dropTable("visit_keys").execute();
}
