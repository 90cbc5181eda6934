import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formTokenMaxAgeMs } from "../../domain/contact-texts.ts";
import { minimumFillMs, type SpamReason } from "../../domain/spam.ts";

/**
 * The forms' timing token. The public pages are prerendered, so the page cannot carry the
 * time it was opened; instead the page's script asks for a token as the page is shown (never at
 * the form's first use, which autofill follows within a second): the time, a nonce, and an HMAC
 * of both under a key derived from the server's signing key. The submission sends it back, and
 * the server alone can tell how long the visitor had the page before sending.
 * Every instance sharing the signing key (JWT_SECRET) verifies every other's tokens. A token
 * is good for one message (lead-intake.repository.ts records its hash until it expires).
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
 * A fresh token's claim on one submission: stored hashed until the token expires, with a
 * fingerprint of its message keyed by `fingerprintKey`. That key is made from the token itself
 * (never stored) and the server's key, so the fingerprint cannot be matched to an address or a
 * message by anyone who lacks the token, before an erasure or after it (docs/product.md).
 */
export type FormTokenClaim = {
  readonly hash: string;
  readonly expiresAt: Date;
  readonly fingerprintKey: Uint8Array;
};

/**
 * What a submission's token says:
 * - `absent`: none, or one over 30 days old, whose one use could no longer be checked (its
 *   record is gone). Such a request is judged like one that sent no token.
 * - `spam`: forged or altered, or sent within 3 s of being issued (the page being shown).
 * - `fresh`: a genuine token of a person's pace, to be claimed for this submission. A token
 *   from a clock ahead of ours (another instance's) is fresh too: signed, so not forged, and
 *   never called "too fast" for the other clock's sake.
 */
export type FormTokenCheck =
  | { readonly kind: "absent" }
  | { readonly kind: "spam"; readonly reason: Extract<SpamReason, "bad-token" | "too-fast"> }
  | { readonly kind: "fresh"; readonly claim: FormTokenClaim };

export function checkFormToken(
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): FormTokenCheck {
  if (!token) return { kind: "absent" };
  const issuedAt = readFormToken(key, token);
  if (issuedAt === null) return { kind: "spam", reason: "bad-token" };
  const elapsed = now.getTime() - issuedAt;
  if (elapsed > formTokenMaxAgeMs) return { kind: "absent" };
  if (elapsed >= 0 && elapsed < minimumFillMs) return { kind: "spam", reason: "too-fast" };
  return {
    kind: "fresh",
    claim: {
      hash: createHash("sha256").update(token).digest("base64url"),
      fingerprintKey: createHmac("sha256", key).update(`fingerprint|${token}`).digest(),
      // Kept as long as the token can be judged; after that it counts as none anyway.
      expiresAt: new Date(issuedAt + formTokenMaxAgeMs),
    },
  };
}
