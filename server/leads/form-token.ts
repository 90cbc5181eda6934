import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formTokenMaxAgeMs, minimumFillMs, type SpamReason } from "../../domain/spam.ts";

/**
 * The contact form's timing token. The public pages are prerendered, so the page cannot carry
 * the time it was opened; instead the form asks for a token when it is first used: the time,
 * a nonce, and an HMAC of both under a key derived from the server's signing key. The contact
 * request sends it back, and the server alone can tell how long the form took to fill in.
 * Every instance sharing the signing key (JWT_SECRET) verifies every other's tokens.
 */

const version = "f1";

/** A key for this purpose only, so a form token is never a valid anything else. */
export const formTokenKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("contact-form-timing").digest();

const signature = (key: Uint8Array, issuedAt: number, nonce: string) =>
  createHmac("sha256", key).update(`${version}|${issuedAt}|${nonce}`).digest("base64url");

export function issueFormToken(key: Uint8Array, now: Date): string {
  const issuedAt = now.getTime();
  const nonce = randomBytes(9).toString("base64url");
  return `${version}.${issuedAt}.${nonce}.${signature(key, issuedAt, nonce)}`;
}

/** When a genuine token was issued, or null for anything this server did not sign. */
export function readFormToken(key: Uint8Array, token: string): number | null {
  if (token.length > 200) return null;
  const [v, issued, nonce, mac, ...rest] = token.split(".");
  if (rest.length || v !== version || !issued || !nonce || !mac || !/^\d{1,15}$/.test(issued))
    return null;
  const issuedAt = Number(issued);
  const expected = Buffer.from(signature(key, issuedAt, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? issuedAt : null;
}

/**
 * What the token says about a submission: forged or altered, sent too soon after the form was
 * first used, or nothing against it. No token (a form posted without JavaScript, an API
 * client) and a token too old to judge by (a tab left open for a day) say nothing.
 */
export function formTokenVerdict(
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): SpamReason | null {
  if (!token) return null;
  const issuedAt = readFormToken(key, token);
  if (issuedAt === null) return "bad-token";
  const elapsed = now.getTime() - issuedAt;
  // Signed, so a time ahead of ours can only be another instance's clock running ahead: no
  // verdict, rather than calling a person too fast.
  if (elapsed > formTokenMaxAgeMs || elapsed < 0) return null;
  return elapsed < minimumFillMs ? "too-fast" : null;
}
