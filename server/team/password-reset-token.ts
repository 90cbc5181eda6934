import { createHash, createHmac } from "node:crypto";

/**
 * A password reset link's token (docs/team.md, "Forgot password"), made like an invitation's
 * (invitation-token.ts, ADR 036): 256 bits of HMAC, under a key of its own derived from the
 * server's signing key, of the reset's ID and a random nonce on its row. Only the token's hash
 * is stored; the e-mail makes the token again when the outbox writes it, so neither the
 * database nor the outbox holds a working link. Rotating the signing key retires every link.
 */
export const passwordResetKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("password-reset-link").digest();

export const passwordResetToken = (key: Uint8Array, id: string, nonce: string) =>
  createHmac("sha256", key).update(`${id}\0${nonce}`).digest("base64url");

export const hashPasswordResetToken = (token: string) =>
  createHash("sha256").update(`password-reset\0${token}`).digest("base64url");
