import { SqliteAdapter } from "kysely";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { hashToken, newRefreshToken } from "./tokens.ts";

/** All SQL for refresh tokens (sessions). Raw tokens never touch the database. */

export const refreshAbsoluteMs = 30 * 24 * 60 * 60 * 1000;
export const refreshIdleMs = 7 * 24 * 60 * 60 * 1000;

/**
 * The browser and address a session is used from, shown to its owner beside it (never to
 * anyone else): the User-Agent cut to a length worth reading, the client's address.
 */
export type ClientInfo = { userAgent: string | null; ip: string | null };
export const noClient: ClientInfo = { userAgent: null, ip: null };
const clientColumns = (client: ClientInfo) => ({
  user_agent: client.userAgent ? client.userAgent.slice(0, 300) : null,
  ip_address: client.ip ? client.ip.slice(0, 64) : null,
});

/** Starts a new token family (one login) and returns its first refresh token. */
export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
  client: ClientInfo = noClient,
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
      ...clientColumns(client),
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
  | {
      kind: "rotated";
      refreshToken: string;
      userId: string;
      familyId: string;
      tokenVersion: number;
    }
  | { kind: "concurrent"; userId: string; familyId: string; tokenVersion: number }
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
  input: { userId: string; token: string; client?: ClientInfo },
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
        // Where the session was last used from: this request's, or the one it had.
        ...clientColumns({
          userAgent: input.client?.userAgent ?? row.user_agent,
          ip: input.client?.ip ?? row.ip_address,
        }),
      })
      .execute();
    return { refreshToken, tokenVersion };
  });
  if (rotated) return { kind: "rotated", ...rotated, userId: row.user_id, familyId: row.family_id };

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
    return { kind: "concurrent", userId: row.user_id, familyId: row.family_id, tokenVersion };

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

/**
 * Holds the account's row until the transaction ends (PostgreSQL; SQLite writes one at a
 * time): a rotation reads it shared first, so a session ended here is never given a child by
 * a refresh running at the same moment.
 */
export async function lockAccount(db: Db, userId: string): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
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

/** One of an account's sessions as its owner sees it (docs/team.md, "Your own account"). */
export type SessionSummary = {
  id: string;
  signedInAt: string;
  lastActiveAt: string;
  userAgent: string | null;
  ipAddress: string | null;
};

/** The newest token of each of the account's live sessions: unused, unrevoked, unexpired. */
const liveLeaves = (db: Db, userId: string, now: Date) => {
  const at = now.toISOString();
  return db
    .selectFrom("refresh_tokens as leaf")
    .where("leaf.user_id", "=", userId)
    .where("leaf.used_at", "is", null)
    .where("leaf.revoked_at", "is", null)
    .where("leaf.expires_at", ">", at)
    .where("leaf.idle_expires_at", ">", at);
};

/**
 * The account's live sessions, most recently used first: when each began (its family's first
 * token), when it was last refreshed, and the browser and address of that refresh. No token
 * or hash leaves this function.
 */
export async function listSessions(db: Db, userId: string, now: Date): Promise<SessionSummary[]> {
  const rows = await liveLeaves(db, userId, now)
    .innerJoin("refresh_tokens as first", (join) =>
      join.onRef("first.family_id", "=", "leaf.family_id").on("first.parent_id", "is", null),
    )
    .select([
      "leaf.family_id",
      "first.created_at as signed_in_at",
      "leaf.created_at as last_active_at",
      "leaf.user_agent",
      "leaf.ip_address",
    ])
    .orderBy("leaf.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.family_id,
    signedInAt: toIso(row.signed_in_at),
    lastActiveAt: toIso(row.last_active_at),
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
  }));
}

/**
 * Ends one of the account's sessions: its refresh token is refused from now on, and so are its
 * access tokens (their `sid` names it: guards.ts). False when the account has no live session
 * of that ID (someone else's, unknown, or already ended).
 */
export async function endSession(
  db: Db,
  userId: string,
  familyId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const live = await liveLeaves(trx, userId, now)
      .select("leaf.id")
      .where("leaf.family_id", "=", familyId)
      .executeTakeFirst();
    if (!live) return false;
    await revokeFamily(trx, familyId, now);
    return true;
  });
}

/**
 * Ends every session of the account but `keep` (the caller's own), in the caller's transaction
 * or one of its own; resolves to how many live ones were ended.
 */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keep: string | null,
  now: Date,
): Promise<number> {
  await lockAccount(db, userId);
  let live = liveLeaves(db, userId, now).select((eb) => eb.fn.countAll<number>().as("count"));
  if (keep) live = live.where("leaf.family_id", "!=", keep);
  const count = Number((await live.executeTakeFirst())?.count ?? 0);
  let revoke = db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keep) revoke = revoke.where("family_id", "!=", keep);
  await revoke.execute();
  return count;
}
