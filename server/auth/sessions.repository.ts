import { SqliteAdapter } from "kysely";
import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import { hashToken, newRefreshToken } from "./tokens.ts";

/** All SQL for refresh tokens (sessions). Raw tokens never touch the database. */

export const refreshAbsoluteMs = 30 * 24 * 60 * 60 * 1000;
export const refreshIdleMs = 7 * 24 * 60 * 60 * 1000;

/** Starts a new token family (one login) and returns its first refresh token. */
export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ refreshToken: string; familyId: string }> {
  const refreshToken = newRefreshToken();
  const familyId = uuidv7(now.getTime());
  await db
    .insertInto("refresh_tokens")
    .values({
      id: uuidv7(now.getTime()),
      token_hash: hashToken(refreshToken),
      user_id: userId,
      family_id: familyId,
      parent_id: null,
      created_at: now.toISOString(),
      used_at: null,
      revoked_at: null,
      idle_expires_at: new Date(now.getTime() + refreshIdleMs).toISOString(),
      expires_at: new Date(now.getTime() + refreshAbsoluteMs).toISOString(),
    })
    .execute();
  return { refreshToken, familyId };
}

/** How long a just-rotated token may be presented again (two tabs refreshing at once). */
export const reuseGraceMs = 10_000;

/**
 * `tokenVersion`: the account's token version as the rotation saw it, to sign the access
 * token with. Read under the same lock as the rotation, never after it: a promotion or a new
 * password committed in between would otherwise lend its new version to a token of a session
 * it has just ended.
 */
export type RotateResult =
  | { kind: "rotated"; refreshToken: string; userId: string; tokenVersion: number }
  | { kind: "concurrent"; userId: string; tokenVersion: number }
  | { kind: "invalid" }
  | { kind: "reused" };

/**
 * Rotates a refresh token: marks it used and issues its one child in the same family.
 * Presenting a used token again revokes the whole family (it was stolen, or the client is
 * confused; either way the login must be redone), except for the immediate parent of the
 * family's newest token within a few seconds of its use: that is two tabs refreshing at once,
 * and it gets no second child.
 */
export async function rotateRefreshToken(
  db: Db,
  input: { userId: string; token: string },
  now = new Date(),
): Promise<RotateResult> {
  const at = now.toISOString();
  const row = await db
    .selectFrom("refresh_tokens")
    .selectAll()
    .where("token_hash", "=", hashToken(input.token))
    .executeTakeFirst();
  if (!row || row.user_id !== input.userId || row.revoked_at) return { kind: "invalid" };
  if (
    new Date(row.expires_at).getTime() <= now.getTime() ||
    new Date(row.idle_expires_at).getTime() <= now.getTime()
  ) {
    return { kind: "invalid" };
  }

  // Claim and child in one transaction: a concurrent twin's UPDATE waits on the row lock
  // (PostgreSQL) or the connection (SQLite) until the child exists, so it finds it below.
  const rotated = await db.transaction().execute(async (trx) => {
    // The account's row first, shared: a promotion or new password (makeAdmin, which updates
    // it) either commits before, and then the claim below finds the token revoked, or waits
    // until this commits, and then revokes the child too.
    const tokenVersion = await accountTokenVersion(trx, row.user_id);
    const claimed = await trx
      .updateTable("refresh_tokens")
      .set({ used_at: at })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (tokenVersion === null || Number(claimed.numUpdatedRows) !== 1) return null;
    const refreshToken = newRefreshToken();
    await trx
      .insertInto("refresh_tokens")
      .values({
        id: uuidv7(now.getTime()),
        token_hash: hashToken(refreshToken),
        user_id: row.user_id,
        family_id: row.family_id,
        parent_id: row.id,
        created_at: at,
        used_at: null,
        revoked_at: null,
        idle_expires_at: new Date(
          Math.min(now.getTime() + refreshIdleMs, new Date(row.expires_at).getTime()),
        ).toISOString(),
        expires_at: new Date(row.expires_at).toISOString(), // the login's absolute limit carries over
      })
      .execute();
    return { refreshToken, tokenVersion };
  });
  if (rotated) return { kind: "rotated", ...rotated, userId: row.user_id };

  // Already used. A concurrent twin within the grace period, whose child is still the newest
  // and unused, is not an attack. The version is read before the child is checked: a session
  // ended in between is then either seen as ended, or signed with the version it had.
  const tokenVersion = await accountTokenVersion(db, row.user_id);
  const used = await db
    .selectFrom("refresh_tokens")
    .select("used_at")
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow();
  const child = await db
    .selectFrom("refresh_tokens")
    .selectAll()
    .where("parent_id", "=", row.id)
    .executeTakeFirst();
  const recent =
    used.used_at !== null && now.getTime() - new Date(used.used_at).getTime() <= reuseGraceMs;
  if (
    recent &&
    child &&
    child.used_at === null &&
    child.revoked_at === null &&
    tokenVersion !== null
  )
    return { kind: "concurrent", userId: row.user_id, tokenVersion };

  await revokeFamily(db, row.family_id, now);
  return { kind: "reused" };
}

/**
 * The account's token version, or null when it is gone. On PostgreSQL the row is locked
 * shared until the transaction ends, which orders a rotation against makeAdmin.
 */
async function accountTokenVersion(db: Db, userId: string): Promise<number | null> {
  let query = db.selectFrom("users").select("token_version").where("id", "=", userId);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) query = query.forShare();
  const user = await query.executeTakeFirst();
  return user ? Number(user.token_version) : null;
}

/** Revokes every refresh token not yet revoked with `column` = `value` (a family, a user). */
async function revokeTokens(
  db: Db,
  column: "family_id" | "user_id",
  value: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now.toISOString() })
    .where(column, "=", value)
    .where("revoked_at", "is", null)
    .execute();
}

export const revokeFamily = (db: Db, familyId: string, now = new Date()) =>
  revokeTokens(db, "family_id", familyId, now);

/** Logout: revokes the family of the given refresh token, if it exists. */
export async function revokeByToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select("family_id")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return false;
  await revokeFamily(db, row.family_id, now);
  return true;
}

/** Ends every session of a user: each of its refresh-token families is revoked. */
export const revokeUserSessions = (db: Db, userId: string, now = new Date()) =>
  revokeTokens(db, "user_id", userId, now);
