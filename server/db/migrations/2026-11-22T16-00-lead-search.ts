import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// A substring index for the lead tracker's search, so "contains this word" stays fast at
// 100,000 leads instead of reading every row. The index only narrows the candidates; what a
// search means is decided in leads.repository.ts, the same with or without it.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteSearch(db);
  else await postgresSearch(db);
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer, which answers substring queries of three or
 * more characters from its index, kept in step with `leads` by triggers.
 *
 * The lead's id is stored in the FTS table rather than reusing the leads table's rowid: a table
 * without an INTEGER PRIMARY KEY may get new rowids on VACUUM, which would silently point the
 * index at the wrong leads. The cost is that the (never used by the app) delete and identity
 * edit paths scan the FTS table to find the row.
 */
async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction. These statements must land together,
  // and the triggers must exist before the backfill: otherwise a lead written by another
  // process in between would never be indexed.
  await sql`begin immediate`.execute(db);
  try {
    await sql`
      create virtual table leads_search using fts5(
        lead_id unindexed, name, email, message,
        tokenize = 'trigram case_sensitive 0'
      )`.execute(db);
    await sql`
      create trigger leads_search_insert after insert on leads begin
        insert into leads_search (lead_id, name, email, message)
        values (new.id, new.first_name || ' ' || new.last_name, new.email, new.message);
      end`.execute(db);
    await sql`
      create trigger leads_search_update after update of first_name, last_name, email, message on leads
      begin
        delete from leads_search where lead_id = old.id;
        insert into leads_search (lead_id, name, email, message)
        values (new.id, new.first_name || ' ' || new.last_name, new.email, new.message);
      end`.execute(db);
    await sql`
      create trigger leads_search_delete after delete on leads begin
        delete from leads_search where lead_id = old.id;
      end`.execute(db);
    await sql`
      insert into leads_search (lead_id, name, email, message)
      select id, first_name || ' ' || last_name, email, message from leads`.execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

/**
 * PostgreSQL: a pg_trgm GIN index over name, e-mail and message joined by spaces. A search word
 * never contains whitespace, so it cannot match across the joins and one index serves all three
 * fields. The query must use exactly this expression (`searchableText` in the repository).
 *
 * pg_trgm lives in its own `extensions` schema, not the current one: extensions are per
 * database, and a schema that is dropped (every test run has one) would take the extension and
 * every other schema's index with it. Kysely's migration lock serialises concurrent migrations,
 * so two runs cannot race to create it. If pg_trgm is not installed and cannot be (pg_trgm is
 * a trusted extension, so CREATE on the database is all it needs, with the contrib files), or
 * lives in a schema this role may not use (another tenant's role installed it), the index is
 * skipped: search stays correct, only slower.
 */
async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  let schema = await trgmSchema(db);
  if (!schema) {
    // A savepoint, so a refusal (no contrib files, no privilege, an `extensions` schema owned
    // by someone else) leaves the migration's transaction usable and the app able to start.
    await sql`savepoint pg_trgm_setup`.execute(db);
    try {
      await sql`create schema if not exists extensions`.execute(db);
      await sql`create extension if not exists pg_trgm with schema extensions`.execute(db);
      await sql`release savepoint pg_trgm_setup`.execute(db);
    } catch {
      await sql`rollback to savepoint pg_trgm_setup`.execute(db);
      return;
    }
    schema = await trgmSchema(db);
  }
  if (!schema) return;
  await sql`
    create index leads_search_trgm on leads using gin (
      (first_name || ' ' || last_name || ' ' || email || ' ' || message)
      ${sql.id(schema)}.gin_trgm_ops
    )`.execute(db);
}

async function trgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm' and has_schema_privilege(n.oid, 'USAGE')`.execute(db);
  return rows[0]?.schema;
}
