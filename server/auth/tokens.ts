import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const accessTokenTtlSeconds = 15 * 60;
export const tokenAudience = "fineline-api";

export type TokenSettings = { key: Uint8Array; issuer: string };

/** A short-lived HS256 access token naming the user; roles are never read from it. */
export async function signAccessToken(
  settings: TokenSettings,
  userId: string,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(settings.issuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenTtlSeconds)
    .setJti(randomBytes(12).toString("base64url"))
    .sign(settings.key);
}

/**
 * The user id of a valid access token, or null. Exactly one algorithm is accepted (HS256, so
 * "none" and key-confusion tricks fail), and issuer, audience, expiry and type are all checked.
 */
export async function verifyAccessToken(
  settings: TokenSettings,
  token: string | undefined,
  now = new Date(),
): Promise<string | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: ["HS256"],
      issuer: settings.issuer,
      audience: tokenAudience,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat"],
    });
    return payload.typ === "access" && typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

/** Opaque 256-bit refresh token; only its SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
