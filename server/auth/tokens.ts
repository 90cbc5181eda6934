import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const accessTokenTtlSeconds = 15 * 60;
export const tokenAudience = "fineline-api";

export type TokenSettings = { key: Uint8Array; issuer: string };

/**
 * A signed HS256 token of one type ("access", "mfa") naming the user, the account's token
 * version (`ver`) and, for an access token, the session it belongs to (`sid`: its refresh-token
 * family), living `ttlSeconds`; roles are never read from it.
 */
export async function signTypedToken(
  settings: TokenSettings,
  typ: string,
  userId: string,
  {
    version = 0,
    session,
    now = new Date(),
    ttlSeconds,
  }: { version?: number; session?: string; now?: Date; ttlSeconds: number },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ, ver: version, ...(session ? { sid: session } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(settings.issuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .setJti(randomBytes(12).toString("base64url"))
    .sign(settings.key);
}

/** `session`: the access token's refresh-token family (`sid`), absent on other types. */
export type AccessTokenClaims = { userId: string; version: number; session: string | null };

/**
 * Who a valid token of type `typ` names, and the token version it was issued at; null when it
 * is not valid. Exactly one algorithm is accepted (HS256, so "none" and key-confusion tricks
 * fail), and issuer, audience, expiry and type are all checked: a token of one type is never
 * taken for another. A token from before versions (no `ver`) is version 0, as every account
 * was then.
 */
export async function verifyTypedToken(
  settings: TokenSettings,
  typ: string,
  token: string | undefined,
  now = new Date(),
): Promise<AccessTokenClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: ["HS256"],
      issuer: settings.issuer,
      audience: tokenAudience,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat"],
    });
    const version = payload.ver ?? 0;
    if (payload.typ !== typ || typeof payload.sub !== "string") return null;
    if (typeof version !== "number" || !Number.isSafeInteger(version)) return null;
    const session = typeof payload.sid === "string" ? payload.sid : null;
    return { userId: payload.sub, version, session };
  } catch {
    return null;
  }
}

/**
 * A short-lived access token of one session (`session`: its refresh-token family, the `sid`
 * claim). A password change or a promotion bumps the version, which ends every earlier token
 * at once; ending the session ends its tokens too (guards.ts,
 * docs/decisions/038-self-service-sessions-and-password-resets.md).
 */
export const signAccessToken = (
  settings: TokenSettings,
  userId: string,
  options: { session: string; version?: number; now?: Date },
) => signTypedToken(settings, "access", userId, { ...options, ttlSeconds: accessTokenTtlSeconds });

export const verifyAccessToken = (
  settings: TokenSettings,
  token: string | undefined,
  now = new Date(),
) => verifyTypedToken(settings, "access", token, now);

/** Opaque 256-bit refresh token; only its SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
