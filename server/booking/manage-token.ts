import { createHash, createHmac } from "node:crypto";

/** Manage links (ADR 022): the token a meeting's e-mails carry, made and looked up. */

/** A key for manage links only, derived from the server's signing key. */
export const manageKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("booking-manage-link").digest();

/**
 * A meeting's manage token: 256 bits of HMAC of its random ID under the server's key, so it
 * cannot be guessed, is never stored (only its hash, to find the meeting), and every e-mail
 * about the meeting (the invite, a move, the reminder) can carry the link again.
 */
export function manageTokenFor(
  key: Uint8Array,
  meetingId: string,
): { token: string; hash: string } {
  const token = createHmac("sha256", key).update(meetingId).digest("base64url");
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
