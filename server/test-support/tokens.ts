import { SignJWT } from "jose";
import type { AccountRole } from "../../domain/roles.ts";
import { createSession } from "../auth/sessions.repository.ts";
import { signAccessToken, type TokenSettings, tokenAudience } from "../auth/tokens.ts";
import { createUser } from "../auth/users.repository.ts";
import { unsetSiteUrlIssuer } from "../config.ts";
import type { Db } from "../db/connect.ts";

export const testSecret = "test-secret-that-is-long-enough-for-hs256!";
/** Tests run without SITE_URL: tokens carry the constant issuer. */
export const testIssuer = unsetSiteUrlIssuer;
export const testTokens = { key: new TextEncoder().encode(testSecret), issuer: testIssuer };

/** A well-formed HS256 token with any type and key, for the tokens the API must refuse. */
export const signRaw = (typ: string, signingKey: Uint8Array, sub: string) =>
  new SignJWT({ typ })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setIssuer(testIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime("15m")
    .sign(signingKey);

/**
 * Every kind of access token a protected endpoint must refuse with 401, for the user `sub`
 * (whose real refresh token is passed in, to check it is not accepted as an access token).
 * `undefined` means the header is absent.
 */
export async function badAccessTokens(
  sub: string,
  refreshToken: string,
): Promise<Record<string, string | undefined>> {
  // Only refused variants are made from it: the session it names need not exist.
  const session = "0190f1a2-0000-7000-8000-000000000000";
  const good = await signAccessToken(testTokens, sub, { session });
  const [header, payload, signature] = good.split(".");
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
  return {
    missing: undefined,
    garbage: "not-a-token",
    "alg none": `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
    "alg NoNe": `${b64({ alg: "NoNe", typ: "JWT" })}.${payload}.`,
    "alg NONE, signature kept": `${b64({ alg: "NONE", typ: "JWT" })}.${payload}.${signature}`,
    "other key": await signRaw(
      "access",
      new TextEncoder().encode("another-secret-another-secret-123456"),
      sub,
    ),
    tampered: `${header}.${b64({ ...claims, exp: claims.exp + 86400 })}.${signature}`,
    // Signed by a clock an hour behind: expired 45 minutes ago.
    expired: await signAccessToken(testTokens, sub, {
      session,
      now: new Date(Date.now() - 60 * 60 * 1000),
    }),
    "refresh token": refreshToken,
    "wrong type": await signRaw("refresh", testTokens.key, sub),
  };
}

/** A user of the given role with a valid access token and refresh token, straight in the database. */
export async function signedInUser(
  db: Db,
  /** "admin" is the owner, as `create-admin` makes it (admin@fineline.studio). */
  role: AccountRole | "admin",
  email = `${role}@fineline.studio`,
  /** The app's token settings, when its SITE_URL makes another issuer. */
  tokens: TokenSettings = testTokens,
) {
  const user = await createUser(db, {
    email,
    firstName: role === "user" ? "Sam" : "Nora",
    lastName: "Test",
    // Never logged in with a password here, so any well-formed PHC string will do.
    passwordHash:
      "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
    role: role === "admin" ? "owner" : role,
  });
  if (!user) throw new Error(`could not create ${email}`);
  const { refreshToken, familyId } = await createSession(db, user.id);
  return {
    id: user.id,
    accessToken: await signAccessToken(tokens, user.id, { session: familyId }),
    refreshToken,
    sessionId: familyId,
  };
}
