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
