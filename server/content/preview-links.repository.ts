import { randomBytes } from "node:crypto";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { hashPreviewToken } from "./content.repository.ts";

/** How long a preview link works. */
export const previewLinkDays = 7;

/**
 * A new preview link for an entry: 32 random bytes as base64url, of which only the SHA-256 is
 * stored, so a copy of the database opens no preview. The token is shown once, in the answer.
 */
export async function createPreviewLink(
  db: Db,
  entryId: string,
  createdBy: string | null,
  now: Date,
): Promise<{ id: string; token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const id = uuidv7(now.getTime());
  const expiresAt = new Date(now.getTime() + previewLinkDays * 24 * 60 * 60 * 1000).toISOString();
  await db
    .insertInto("content_preview_links")
    .values({
      id,
      entry_id: entryId,
      token_hash: hashPreviewToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      revoked_at: null,
      created_by: createdBy,
    })
    .execute();
  return { id, token, expiresAt };
}

/** An entry's links that still open its preview, newest first. */
export async function livePreviewLinks(db: Db, entryId: string, now: Date) {
  const rows = await db
    .selectFrom("content_preview_links")
    .select(["id", "created_at", "expires_at"])
    .where("entry_id", "=", entryId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: toIso(row.created_at),
    expiresAt: toIso(row.expires_at),
  }));
}

/** Revokes a link at once; false when the entry has no such live link. */
export async function revokePreviewLink(
  db: Db,
  entryId: string,
  linkId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable("content_preview_links")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", linkId)
    .where("entry_id", "=", entryId)
    .where("revoked_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
