import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The content studio (ADR 031): content moves from content/*.md into the database. Each entry
// keeps a working copy (slug, data, body, version) and, once published, a snapshot of what the
// live page shows (published_*); revisions keep one snapshot per editing session, publish and
// restore; a published entry renamed leaves a redirect from its old path; preview links are
// stored as a hash of their token; the import remembers each file it took in; the site
// settings are one JSON row.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("content_entries")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .check(sql`type in ('post', 'event', 'case-study', 'guide', 'testimonial', 'person')`),
    )
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().check(sql`version >= 1`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('draft', 'scheduled', 'published')`),
    )
    .addColumn("publish_at", sql.raw(timestamp))
    .addColumn("published_slug", "text")
    .addColumn("published_data", "text")
    .addColumn("published_body", "text")
    .addColumn("published_at", sql.raw(timestamp))
    .addColumn("published_version", "integer")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_by", sql.raw(uuid))
    .addColumn("imported_from", "text")
    .addUniqueConstraint("content_entries_slug", ["type", "slug"])
    .execute();
  // Two entries can never be live at one path, even while one of them is being renamed.
  await db.schema
    .createIndex("content_entries_published_slug")
    .on("content_entries")
    .columns(["type", "published_slug"])
    .unique()
    .where(sql.ref("published_slug"), "is not", null)
    .execute();
  // The import's "already here?" (two instances starting at once insert each file once).
  await db.schema
    .createIndex("content_entries_imported_from")
    .on("content_entries")
    .columns(["type", "imported_from"])
    .unique()
    .where(sql.ref("imported_from"), "is not", null)
    .execute();
  // The scheduled-publishing job's question, every 15 s.
  await db.schema
    .createIndex("content_entries_due")
    .on("content_entries")
    .column("publish_at")
    .where(sql.ref("publish_at"), "is not", null)
    .execute();

  await db.schema
    .createTable("content_revisions")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("entry_id", sql.raw(uuid), (c) =>
      c.notNull().references("content_entries.id").onDelete("cascade"),
    )
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("author", sql.raw(uuid))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('session', 'publish', 'restore')`),
    )
    .addColumn("snapshot", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("content_revisions_entry")
    .on("content_revisions")
    .columns(["entry_id", "created_at"])
    .execute();

  await db.schema
    .createTable("content_redirects")
    .addColumn("from_path", "text", (c) => c.primaryKey())
    .addColumn("to_path", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("content_redirects_to")
    .on("content_redirects")
    .column("to_path")
    .execute();

  await db.schema
    .createTable("content_preview_links")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("entry_id", sql.raw(uuid), (c) =>
      c.notNull().references("content_entries.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("expires_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("revoked_at", sql.raw(timestamp))
    .addColumn("created_by", sql.raw(uuid))
    .execute();
  await db.schema
    .createIndex("content_preview_links_entry")
    .on("content_preview_links")
    .column("entry_id")
    .execute();

  // Every Markdown file the start-up import has taken in, kept after its entry is deleted in
  // the studio: a deleted entry must not come back from content/ at the next start.
  await db.schema
    .createTable("content_imports")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("imported_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_by", sql.raw(uuid))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_settings").execute();
  await db.schema.dropTable("content_imports").execute();
  await db.schema.dropTable("content_preview_links").execute();
  await db.schema.dropTable("content_redirects").execute();
  await db.schema.dropTable("content_revisions").execute();
  await db.schema.dropTable("content_entries").execute();
}
