import { SqliteAdapter, sql } from "kysely";
import { uuidPattern } from "../../domain/lead-record.ts";
import type { MediaUse } from "../../domain/media.ts";
import type { Db } from "../db/connect.ts";

/**
 * Where each picture is used: the content studio's entries (`content_entries`, owned by the
 * content feature) that name `/media/{id}/` in their fields (`data`, JSON) or their Markdown
 * (`body`). Read here, by SQL, rather than imported from that feature, so the media library
 * stays below it in the layers and works before the table exists (then nothing uses anything).
 */

/** Databases where the table was found: it is created by a migration and never dropped. */
const withEntries = new WeakSet<Db>();

/**
 * Whether `content_entries` exists in this database (on PostgreSQL, in this connection's
 * schema: Kysely's introspection lists every schema's tables, and another instance's or test's
 * schema may have one that this search path cannot see). Only a yes is remembered, so a
 * migration applied while this instance runs is seen at the next call.
 */
async function hasContentEntries(db: Db): Promise<boolean> {
  if (withEntries.has(db)) return true;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const { rows } = sqlite
    ? await sql<{ found: number }>`
        select count(*) as found from sqlite_master
        where type = 'table' and name = 'content_entries'`.execute(db)
    : await sql<{ found: number }>`
        select count(*)::int as found from information_schema.tables
        where table_schema = current_schema() and table_name = 'content_entries'`.execute(db);
  const found = Number(rows[0]?.found ?? 0) > 0;
  if (found) withEntries.add(db);
  return found;
}

/** How many pictures one query looks for: a LIKE each, OR'd. */
const idsPerQuery = 50;

/**
 * The entries that use each picture, by picture id in lower case (every id given has an entry,
 * empty when unused), each list sorted by type and slug.
 */
export async function mediaUses(
  db: Db,
  mediaIds: readonly string[],
): Promise<Map<string, MediaUse[]>> {
  // Ids are UUIDs (no LIKE wildcards in them); anything else cannot be in an address anyway.
  const ids = [...new Set(mediaIds.map((id) => id.toLowerCase()))].filter((id) =>
    uuidPattern.test(id),
  );
  const uses = new Map<string, MediaUse[]>(mediaIds.map((id) => [id.toLowerCase(), []]));
  if (ids.length === 0 || !(await hasContentEntries(db))) return uses;
  for (let start = 0; start < ids.length; start += idsPerQuery) {
    const chunk = ids.slice(start, start + idsPerQuery);
    const matches = chunk.map((id) => {
      const pattern = `%/media/${id}/%`;
      // Cast: on PostgreSQL `data` may be jsonb, where LIKE needs text.
      return sql`cast(data as text) like ${pattern} or body like ${pattern}`;
    });
    const { rows } = await sql<{ id: unknown; type: unknown; slug: unknown; text: unknown }>`
      select id, type, slug, coalesce(cast(data as text), '') || ' ' || coalesce(body, '') as text
      from content_entries
      where ${sql.join(matches, sql` or `)}`.execute(db);
    for (const row of rows) {
      const text = String(row.text).toLowerCase();
      const entry = { id: String(row.id), type: String(row.type), slug: String(row.slug) };
      for (const id of chunk) {
        if (text.includes(`/media/${id}/`)) uses.get(id)?.push(entry);
      }
    }
  }
  for (const list of uses.values())
    list.sort((a, b) => a.type.localeCompare(b.type) || a.slug.localeCompare(b.slug));
  return uses;
}
