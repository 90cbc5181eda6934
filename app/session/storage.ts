import * as z from "zod/mini";
import type { SessionResponse } from "../../domain/auth.ts";

/**
 * The stored session, fixed (docs/product.md, "The stored session"): the whole login response,
 * kept in localStorage under "user". Anything unreadable counts as "not logged in".
 */
export const sessionKey = "user";

export type StoredSession = SessionResponse & Record<string, unknown>;

/** What a stored session must have to be used; the rest of the login response rides along. */
const storedSession = z.looseObject({
  id: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
const isSession = (value: unknown): value is StoredSession =>
  z.safeParse(storedSession, value).success;

/** A login or sign-up response as the session to store: the whole of it, once it has what a session needs. */
export function sessionFrom(response: unknown): StoredSession | null {
  return isSession(response) ? response : null;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled by the browser (privacy settings): behave as logged out.
    return null;
  }
}

export function readSession(): StoredSession | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(sessionKey) ?? "null");
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession): void {
  storage()?.setItem(sessionKey, JSON.stringify(session));
}

export function clearSession(): void {
  storage()?.removeItem(sessionKey);
}

/** After a refresh: the new access token, and the rotated refresh token when the server sent one. */
export function replaceTokens(tokens: { accessToken: string; refreshToken?: unknown }): void {
  const current = readSession();
  if (!current) return;
  saveSession({
    ...current,
    accessToken: tokens.accessToken,
    ...(typeof tokens.refreshToken === "string" ? { refreshToken: tokens.refreshToken } : {}),
  });
}
