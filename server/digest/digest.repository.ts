import type { Db } from "../db/connect.ts";
import { leadOwnerRoles } from "../leads/lead-assignment.ts";

/**
 * All SQL of the digest's own: who gets one (docs/team.md, "The morning digest and replies")
 * and which of them the day's are already queued for. What each lists is read from the leads'
 * and the meetings' repositories.
 */

/** The kind of outbox row of one person's digest of one day. */
export const digestKind = "personal-digest";

/** One person's digest of one day: unique, so queueing it again is a no-op. */
export const digestKey = (date: string, userId: string) => `${date}:${userId}`;

/** Everyone a digest goes to: owners and members; never editors or accounts without a role. */
export async function digestRecipients(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("role", "in", leadOwnerRoles)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Of these keys, those whose digest is already in the outbox (queued, sent or skipped). */
export async function queuedDigestKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom("outbox")
    .select("dedupe_key")
    .where("kind", "=", digestKind)
    .where("dedupe_key", "in", [...keys])
    .execute();
  return new Set(rows.flatMap((row) => (row.dedupe_key ? [row.dedupe_key] : [])));
}

/** Who a digest is for, as they are when it is sent; undefined once they are off the team. */
export async function digestRecipient(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "first_name", "role"])
    .where("id", "=", userId)
    .where("role", "in", leadOwnerRoles)
    .executeTakeFirst();
}
