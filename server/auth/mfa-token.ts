import { randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { type TokenSettings, tokenAudience } from "./tokens.ts";

/** How long a login's second step may take. */
export const mfaTokenTtlSeconds = 5 * 60;

/**
 * The token a login with two-factor sign-in answers instead of a session: it proves the
 * password was right, for 5 minutes, and nothing else. Its type is "mfa", so no endpoint that
 * takes an access token accepts it (tokens.ts checks "access"), and it carries the account's
 * token version, so a password change or a removal in between voids it.
 */
export async function signMfaToken(
  settings: TokenSettings,
  userId: string,
  version: number,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: "mfa", ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(settings.issuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + mfaTokenTtlSeconds)
    .setJti(randomBytes(12).toString("base64url"))
    .sign(settings.key);
}

export async function verifyMfaToken(
  settings: TokenSettings,
  token: string,
  now = new Date(),
): Promise<{ userId: string; version: number } | null> {
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: ["HS256"],
      issuer: settings.issuer,
      audience: tokenAudience,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (payload.typ !== "mfa" || typeof payload.sub !== "string") return null;
    if (typeof payload.ver !== "number" || !Number.isSafeInteger(payload.ver)) return null;
    return { userId: payload.sub, version: payload.ver };
  } catch {
    return null;
  }
}
