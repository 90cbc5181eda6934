import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Importing leads from CSV (docs/decisions/040-lead-import.md): each import, and what it did to
// each lead (created, or which fields it filled in: before and after), so it can be undone;
// and an index on the lowercased address, by which an import matches the leads already here.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sql.raw(sqlite ? "text" : "uuid");
  const timestamp = sql.raw(sqlite ? "text" : "timestamptz");
  await db.schema
    .createTable("lead_imports")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("actor_id", uuid)
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("new_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invalid_count", "integer", (c) => c.notNull().defaultTo(0))
    // Set once the import is whole; an import cut short is undone at once and never finished.
    .addColumn("finished_at", timestamp)
    .addColumn("undone_at", timestamp)
    .execute();
  await db.schema
    .createTable("lead_import_changes")
    .addColumn("import_id", uuid, (c) =>
      c.notNull().references("lead_imports.id").onDelete("cascade"),
    )
    .addColumn("lead_id", uuid, (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('created','updated')`))
    // JSON of the fields the import changed, as they were and as it left them.
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addPrimaryKeyConstraint("lead_import_changes_pk", ["import_id", "lead_id"])
    .execute();
  await db.schema
    .createIndex("leads_email_lower")
    .on("leads")
    .expression(sql`lower(email)`)
    .execute();
  if (!sqlite) return;
  // SQLite's search index finds a lead's entry by scanning: fine for one erasure, minutes for
  // an undone import of 50,000 leads. An index on the column that holds the lead's id (the
  // FTS5 content table's c0), and triggers that delete by rowid through it.
  await sql`create index leads_search_content_lead on leads_search_content (c0)`.execute(db);
  await sql`drop trigger leads_search_delete`.execute(db);
  await sql`
    create trigger leads_search_delete after delete on leads begin
      delete from leads_search
      where rowid in (select id from leads_search_content where c0 = old.id);
    end`.execute(db);
  await sql`drop trigger leads_search_update`.execute(db);
  await sql`
    create trigger leads_search_update after update of first_name, last_name, email, message on leads
    begin
      delete from leads_search
      where rowid in (select id from leads_search_content where c0 = old.id);
      insert into leads_search (lead_id, name, email, message)
      values (new.id, new.first_name || ' ' || new.last_name, new.email, new.message);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("leads_email_lower").execute();
  await db.schema.dropTable("lead_import_changes").execute();
  await db.schema.dropTable("lead_imports").execute();
}
