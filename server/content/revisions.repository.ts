import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/** What a revision keeps: the working copy as it was. */
export type Snapshot = { slug: string; data: Record<string, unknown>; body: string };
export type RevisionKind = "session" | "publish" | "restore";

/** Saves this close together, by one author, are one editing session: one revision. */
export const sessionGapMs = 30 * 60 * 1000;

/**
 * Keeps the revision of an editing session after a save: the latest revision is updated when
 * it is this author's session and their previous save (`previous`) was less than 30 minutes
 * ago; otherwise a new session revision starts. So the newest revision always holds the
 * working copy, and restoring an older one can itself be undone.
 */
export async function recordSession(
  db: Db,
  entryId: string,
  snapshot: Snapshot,
  author: string | null,
  now: Date,
  previous: { at: string; by: string | null } | null,
): Promise<void> {
  const latest = await db
    .selectFrom("content_revisions")
    .select(["id", "kind", "author"])
    .where("entry_id", "=", entryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const sameSession =
    latest?.kind === "session" &&
    latest.author === author &&
    previous !== null &&
    previous.by === author &&
    now.getTime() - Date.parse(previous.at) < sessionGapMs;
  if (latest && sameSession) {
    await db
      .updateTable("content_revisions")
      .set({ snapshot: JSON.stringify(snapshot), created_at: now.toISOString() })
      .where("id", "=", latest.id)
      .execute();
    return;
  }
  await addRevision(db, entryId, "session", snapshot, author, now);
}

export async function addRevision(
  db: Db,
  entryId: string,
  kind: RevisionKind,
  snapshot: Snapshot,
  author: string | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto("content_revisions")
    .values({
      id: uuidv7(now.getTime()),
      entry_id: entryId,
      created_at: now.toISOString(),
      author,
      kind,
      snapshot: JSON.stringify(snapshot),
    })
    .execute();
}

export type RevisionSummary = {
  id: string;
  createdAt: string;
  author: { name: string; email: string } | null;
  kind: RevisionKind;
};

const withAuthor = (db: Db) =>
  db
    .selectFrom("content_revisions as r")
    .leftJoin("users as u", "u.id", "r.author")
    .select([
      "r.id",
      "r.created_at",
      "r.kind",
      "r.snapshot",
      "u.email",
      "u.first_name",
      "u.last_name",
    ]);

type AuthorRow = { email: string | null; first_name: string | null; last_name: string | null };
export const personOf = (row: AuthorRow) =>
  row.email === null
    ? null
    : { name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(), email: row.email };

/** An entry's revisions, newest first. */
export async function listRevisions(db: Db, entryId: string): Promise<RevisionSummary[]> {
  const rows = await withAuthor(db)
    .where("r.entry_id", "=", entryId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: toIso(row.created_at),
    author: personOf(row),
    kind: row.kind,
  }));
}

export async function findRevision(
  db: Db,
  entryId: string,
  revisionId: string,
): Promise<(RevisionSummary & Snapshot) | undefined> {
  const row = await withAuthor(db)
    .where("r.entry_id", "=", entryId)
    .where("r.id", "=", revisionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const snapshot = JSON.parse(row.snapshot) as Snapshot;
  return {
    id: row.id,
    createdAt: toIso(row.created_at),
    author: personOf(row),
    kind: row.kind,
    slug: snapshot.slug,
    data: snapshot.data,
    body: snapshot.body,
  };
}
