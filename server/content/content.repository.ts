import { createHash } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { ContentStatus, ContentType } from "../../domain/content-entry.ts";
import type { Db } from "../db/connect.ts";
import { type Database, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { type EntryRow, entryOf, isUniqueViolation, parseData } from "./content-rows.ts";
import { addRevision, personOf, recordSession, type Snapshot } from "./revisions.repository.ts";

/**
 * Content entries (ADR 031): the studio edits the working copy (slug, data, body, version);
 * the live site reads the published snapshot. All their SQL, and the renderer's hooks
 * (publishedContent, previewEntryForToken, contentRedirectFor), are here.
 */

/**
 * What the renderer draws a page from: a published snapshot (its `updatedAt` is when it was
 * published, since saving a draft changes nothing live), or a preview's working copy (its
 * `updatedAt` is its last save).
 */
export type PublishedEntry = {
  id: string;
  type: ContentType;
  slug: string;
  data: Record<string, unknown>;
  body: string;
  publishedAt: string;
  updatedAt: string;
};

/** What a publish, unpublish or delete did to the live site: the published slug before and after. */
export type ContentChange = {
  type: ContentType;
  before: { slug: string } | null;
  after: { slug: string } | null;
};

/** One side of a change to an entry's live snapshot: its published slug and fields. */
export type LiveSide = { slug: string; data: Record<string, unknown> };

/**
 * What a publish, unpublish or delete does to one entry's live snapshot, with the snapshot
 * before and after (null: not live).
 */
export type LiveTransition = {
  id: string;
  type: ContentType;
  before: LiveSide | null;
  after: LiveSide | null;
  now: Date;
};

/**
 * Work another feature does when an entry's live snapshot changes, inside the transaction that
 * changes it: it commits with the change, once, whichever instance or retry made it (an
 * event's registrants told of a new time, docs/decisions/034). Handed in from above
 * (server/app.ts), since content knows no feature above it.
 */
export type LiveTransitionHook = (
  trx: Transaction<Database>,
  transition: LiveTransition,
) => Promise<void>;

export const noLiveTransitionHook: LiveTransitionHook = async () => undefined;

/**
 * Every published entry (of these types, when given), from its published snapshot (never the
 * working copy).
 */
export async function publishedContent(
  db: Db,
  types?: readonly ContentType[],
): Promise<PublishedEntry[]> {
  if (types?.length === 0) return [];
  let query = db.selectFrom("content_entries").selectAll().where("published_slug", "is not", null);
  if (types) query = query.where("type", "in", types);
  const rows = await query.orderBy("type").orderBy("published_slug").execute();
  return rows.map(entryOf).flatMap((entry) =>
    entry.published
      ? [
          {
            id: entry.id,
            type: entry.type,
            slug: entry.published.slug,
            data: entry.published.data,
            body: entry.published.body,
            publishedAt: entry.published.at,
            // The live snapshot changes only when published: a draft saved since is not live.
            updatedAt: entry.published.at,
          },
        ]
      : [],
  );
}

export const hashPreviewToken = (token: string) =>
  createHash("sha256").update(token, "utf8").digest("hex");

/** The working copy behind a live (unexpired, unrevoked) preview token, or null. */
export async function previewEntryForToken(
  db: Db,
  token: string,
  now: Date,
): Promise<PublishedEntry | null> {
  const row = await db
    .selectFrom("content_preview_links as l")
    .innerJoin("content_entries as e", "e.id", "l.entry_id")
    .selectAll("e")
    .where("l.token_hash", "=", hashPreviewToken(token))
    .where("l.revoked_at", "is", null)
    .where("l.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  const entry = entryOf(row);
  return {
    id: entry.id,
    type: entry.type,
    slug: entry.slug,
    data: entry.data,
    body: entry.body,
    publishedAt: entry.published?.at ?? entry.updatedAt,
    updatedAt: entry.updatedAt,
  };
}

/** Where an old public path of renamed content now lives, or null. */
export async function contentRedirectFor(db: Db, path: string): Promise<string | null> {
  const row = await db
    .selectFrom("content_redirects")
    .select("to_path")
    .where("from_path", "=", path)
    .executeTakeFirst();
  return row?.to_path ?? null;
}

export type EntryWithEditor = EntryRow & { editor: { name: string; email: string } | null };

export async function findEntry(db: Db, id: string): Promise<EntryWithEditor | undefined> {
  const row = await db
    .selectFrom("content_entries as e")
    .leftJoin("users as u", "u.id", "e.updated_by")
    .selectAll("e")
    .select(["u.email", "u.first_name", "u.last_name"])
    .where("e.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { email, first_name, last_name, ...entry } = row;
  return { ...entryOf(entry), editor: personOf({ email, first_name, last_name }) };
}

export async function listEntries(
  db: Db,
  filter: { type?: ContentType | undefined; status?: ContentStatus | undefined },
): Promise<EntryRow[]> {
  let query = db.selectFrom("content_entries").selectAll();
  if (filter.type) query = query.where("type", "=", filter.type);
  if (filter.status) query = query.where("status", "=", filter.status);
  const rows = await query.orderBy("updated_at", "desc").orderBy("id", "desc").execute();
  return rows.map(entryOf);
}

export type Draft = Snapshot & { type: ContentType };

/** A new draft, or "slug-taken". Its first editing session starts with it. */
export async function createEntry(
  db: Db,
  draft: Draft,
  author: string | null,
  now: Date,
): Promise<{ id: string } | "slug-taken"> {
  const id = uuidv7(now.getTime());
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("content_entries")
      .values({
        id,
        type: draft.type,
        slug: draft.slug,
        data: JSON.stringify(draft.data),
        body: draft.body,
        version: 1,
        status: "draft",
        publish_at: null,
        published_slug: null,
        published_data: null,
        published_body: null,
        published_at: null,
        published_version: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        updated_by: author,
        imported_from: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return "slug-taken" as const;
    await recordSession(trx, id, draft, author, now, null);
    return { id };
  });
}

export type SaveOutcome =
  | { saved: EntryRow }
  | "not-found"
  | "slug-taken"
  | { stale: { version: number; updatedAt: string; updatedBy: string | null } };

/**
 * Saves the working copy if it is still at `version` (compare-and-set in the UPDATE's WHERE,
 * so of two saves from one version exactly one wins, on either engine); the other learns who
 * changed it and when.
 */
export async function saveEntry(
  db: Db,
  id: string,
  change: Snapshot & { version: number },
  author: string | null,
  now: Date,
): Promise<SaveOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("content_entries")
        .select(["updated_at", "updated_by"])
        .where("id", "=", id)
        .executeTakeFirst();
      const row = await trx
        .updateTable("content_entries")
        .set({
          slug: change.slug,
          data: JSON.stringify(change.data),
          body: change.body,
          version: sql<number>`version + 1`,
          updated_at: now.toISOString(),
          updated_by: author,
        })
        .where("id", "=", id)
        .where("version", "=", change.version)
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        const current = await trx
          .selectFrom("content_entries")
          .select(["version", "updated_at", "updated_by"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!current) return "not-found" as const;
        return {
          stale: {
            version: Number(current.version),
            updatedAt: toIso(current.updated_at),
            updatedBy: current.updated_by,
          },
        };
      }
      const previous = before ? { at: toIso(before.updated_at), by: before.updated_by } : null;
      await recordSession(trx, id, change, author, now, previous);
      return { saved: entryOf(row) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "slug-taken";
    throw error;
  }
}

/**
 * Copies a revision into the working copy as a new version, and records that as a `restore`
 * revision (so the step back can be undone by restoring the revision before it).
 */
export async function restoreRevision(
  db: Db,
  id: string,
  snapshot: Snapshot,
  author: string | null,
  now: Date,
): Promise<EntryRow | "not-found" | "slug-taken"> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("content_entries")
        .set({
          slug: snapshot.slug,
          data: JSON.stringify(snapshot.data),
          body: snapshot.body,
          version: sql<number>`version + 1`,
          updated_at: now.toISOString(),
          updated_by: author,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return "not-found" as const;
      await addRevision(trx, id, "restore", snapshot, author, now);
      return entryOf(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "slug-taken";
    throw error;
  }
}

/**
 * Deletes an entry (its revisions and preview links go with it); what was live, if anything.
 * A live entry's going is told to `onLive` in the same transaction.
 */
export async function deleteEntry(
  db: Db,
  id: string,
  { now, onLive = noLiveTransitionHook }: { now: Date; onLive?: LiveTransitionHook },
): Promise<ContentChange | null | "not-found"> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("content_entries")
      .where("id", "=", id)
      .returning(["type", "published_slug", "published_data"])
      .executeTakeFirst();
    if (!row) return "not-found" as const;
    if (row.published_slug === null) return null;
    const type = row.type as ContentType;
    const data = row.published_data === null ? {} : parseData(row.published_data);
    await onLive(trx, { id, type, before: { slug: row.published_slug, data }, after: null, now });
    return { type, before: { slug: row.published_slug }, after: null };
  });
}
