import type { ContentType } from "../../domain/content-entry.ts";
import type { Db } from "../db/connect.ts";
import {
  type ContentChange,
  type LiveTransitionHook,
  noLiveTransitionHook,
} from "./content.repository.ts";
import { type EntryRow, entryOf, isUniqueViolation, publicPathOf } from "./content-rows.ts";
import { addRevision } from "./revisions.repository.ts";

/**
 * Publishing (ADR 031): the working copy becomes the published snapshot, a `publish` revision
 * records it, and a new slug leaves a redirect from the old path. Every step is a
 * compare-and-set on the row as read, so two publishes at once (two clicks, two instances'
 * scheduled job) publish once: the other finds it done and changes nothing.
 */

export type PublishOutcome =
  | { entry: EntryRow; change: ContentChange | null }
  | "not-found"
  | "path-taken"
  | "busy";

const attempts = 3;

/**
 * Publishes the working copy now. `onlyIfDue`: the scheduled job's variant, which publishes
 * only an entry still scheduled at or before that time. `change` is null when nothing
 * changed on the live site (already published at this version, or no longer due). `onLive`
 * is told of the live snapshot before and after, in the transaction of the publish that wins.
 */
export async function publishNow(
  db: Db,
  id: string,
  author: string | null,
  now: Date,
  {
    onlyIfDue,
    onLive = noLiveTransitionHook,
  }: { onlyIfDue?: Date | undefined; onLive?: LiveTransitionHook | undefined } = {},
): Promise<PublishOutcome> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const outcome = await db.transaction().execute(async (trx) => {
        const raw = await trx
          .selectFrom("content_entries")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!raw) return "not-found" as const;
        const entry = entryOf(raw);
        const due =
          !onlyIfDue ||
          (entry.status === "scheduled" &&
            entry.publishAt !== null &&
            Date.parse(entry.publishAt) <= onlyIfDue.getTime());
        const current = entry.status === "published" && entry.published?.version === entry.version;
        if (!due || current) return { entry, change: null };

        let update = trx
          .updateTable("content_entries")
          .set({
            status: "published",
            publish_at: null,
            published_slug: entry.slug,
            published_data: JSON.stringify(entry.data),
            published_body: entry.body,
            published_at: now.toISOString(),
            published_version: entry.version,
          })
          .where("id", "=", id)
          .where("version", "=", entry.version)
          .where("status", "=", entry.status);
        update =
          entry.published === null
            ? update.where("published_version", "is", null)
            : update.where("published_version", "=", entry.published.version);
        const row = await update.returningAll().executeTakeFirst();
        // Someone else saved or published between the read and the write: read again.
        if (!row) return "retry" as const;
        const snapshot = { slug: entry.slug, data: entry.data, body: entry.body };
        await addRevision(trx, id, "publish", snapshot, author, now);
        await moveRedirects(trx, entry.type, entry.published?.slug ?? null, entry.slug, now);
        await onLive(trx, {
          id,
          type: entry.type,
          before: entry.published && { slug: entry.published.slug, data: entry.published.data },
          after: { slug: entry.slug, data: entry.data },
          now,
        });
        const before = entry.published ? { slug: entry.published.slug } : null;
        return {
          entry: entryOf(row),
          change: { type: entry.type, before, after: { slug: entry.slug } },
        };
      });
      if (outcome !== "retry") return outcome;
    } catch (error) {
      // Another entry of the type is live at this path (the unique published slug).
      if (isUniqueViolation(error)) return "path-taken";
      throw error;
    }
  }
  return "busy";
}

/**
 * The redirects a publish leaves: a page now live at `slug` is served, never redirected away;
 * a renamed page's old path points at the new one, and so does every redirect that pointed
 * at the old path (chains collapse to one hop).
 */
async function moveRedirects(
  db: Db,
  type: ContentType,
  oldSlug: string | null,
  slug: string,
  now: Date,
) {
  const to = publicPathOf(type, slug);
  if (!to) return;
  await db.deleteFrom("content_redirects").where("from_path", "=", to).execute();
  const from = oldSlug === null ? null : publicPathOf(type, oldSlug);
  if (!from || from === to) return;
  await db
    .updateTable("content_redirects")
    .set({ to_path: to })
    .where("to_path", "=", from)
    .execute();
  await db
    .insertInto("content_redirects")
    .values({ from_path: from, to_path: to, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("from_path").doUpdateSet({ to_path: to }))
    .execute();
}

/** Whether another entry of the type is live at this slug (publishing this one would clash). */
export async function liveElsewhere(
  db: Db,
  type: ContentType,
  slug: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("content_entries")
    .select("id")
    .where("type", "=", type)
    .where("published_slug", "=", slug)
    .where("id", "<>", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Schedules the working copy to be published at `at`; what is live stays live until then. */
export async function schedulePublish(db: Db, id: string, at: Date): Promise<EntryRow | undefined> {
  const row = await db
    .updateTable("content_entries")
    .set({ status: "scheduled", publish_at: at.toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && entryOf(row);
}

/**
 * Takes the entry off the live site: back to a draft, the published snapshot cleared (the
 * working copy and the revisions keep everything). Redirects that pointed at its path stay,
 * so publishing it again brings the old links back. `onLive` is told in the same transaction.
 */
export async function unpublish(
  db: Db,
  id: string,
  { now, onLive = noLiveTransitionHook }: { now: Date; onLive?: LiveTransitionHook },
): Promise<{ entry: EntryRow; change: ContentChange | null } | "not-found"> {
  return db.transaction().execute(async (trx) => {
    const raw = await trx
      .selectFrom("content_entries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!raw) return "not-found" as const;
    const row = await trx
      .updateTable("content_entries")
      .set({
        status: "draft",
        publish_at: null,
        published_slug: null,
        published_data: null,
        published_body: null,
        published_at: null,
        published_version: null,
      })
      .where("id", "=", id)
      .where("status", "=", raw.status)
      .where("version", "=", raw.version)
      .returningAll()
      .executeTakeFirst();
    const entry = entryOf(raw);
    // Changed meanwhile (another unpublish, a save): what the other did stands, reported once.
    if (!row) return { entry, change: null };
    if (entry.published)
      await onLive(trx, {
        id,
        type: entry.type,
        before: { slug: entry.published.slug, data: entry.published.data },
        after: null,
        now,
      });
    return {
      entry: entryOf(row),
      change: entry.published
        ? { type: entry.type, before: { slug: entry.published.slug }, after: null }
        : null,
    };
  });
}

/**
 * The scheduled-publishing job's pass: publishes every entry whose time has come. Every
 * instance may run it at once; each entry is published once (publishNow's compare-and-set).
 */
export async function publishDueEntries(
  db: Db,
  now: Date,
  /** Told of a due entry that could not go live (its path is live on another entry). */
  onRefused?: (id: string, reason: "path-taken" | "busy") => void,
  /** Told of each publish's live snapshot before and after, in its transaction. */
  onLive?: LiveTransitionHook,
): Promise<ContentChange[]> {
  const due = await db
    .selectFrom("content_entries")
    .select("id")
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", now.toISOString())
    .orderBy("publish_at")
    .execute();
  const changes: ContentChange[] = [];
  for (const { id } of due) {
    const outcome = await publishNow(db, id, null, now, { onlyIfDue: now, onLive });
    if (outcome === "path-taken" || outcome === "busy") onRefused?.(id, outcome);
    else if (typeof outcome === "object" && outcome.change) changes.push(outcome.change);
  }
  return changes;
}
