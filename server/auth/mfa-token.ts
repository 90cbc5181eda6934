import { signTypedToken, type TokenSettings, verifyTypedToken } from "./tokens.ts";

/** How long a login's second step may take. */
export const mfaTokenTtlSeconds = 5 * 60;

/**
 * The token a login with two-factor sign-in answers instead of a session: it proves the
 * password was right, for 5 minutes, and nothing else. Its type is "mfa", so no endpoint that
 * takes an access token accepts it, and it carries the account's token version, so a password
 * change or a removal in between voids it.
 */
export const signMfaToken = (
  settings: TokenSettings,
  userId: string,
  version: number,
  now = new Date(),
) => signTypedToken(settings, "mfa", userId, { version, now, ttlSeconds: mfaTokenTtlSeconds });

export const verifyMfaToken = (settings: TokenSettings, token: string, now = new Date()) =>
  verifyTypedToken(settings, "mfa", token, now);
