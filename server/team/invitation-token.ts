import { createHash, createHmac, randomBytes } from "node:crypto";

/**
 * An invitation's link token (docs/team.md, "Invitations"): 256 bits of HMAC, under a key of
 * its own derived from the server's signing key, of the invitation's ID and a random nonce
 * kept on its row. Only the token's hash is stored, to find the invitation; the e-mail, written
 * later by the outbox on any instance, makes the same token again from the key and the row, so
 * the token is never at rest anywhere, not even in the outbox. A resend draws a new nonce: the
 * earlier link stops working. Rotating the signing key retires every link, as it should.
 */
export const invitationKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("team-invitation-link").digest();

export const newNonce = () => randomBytes(16).toString("base64url");

export const invitationToken = (key: Uint8Array, id: string, nonce: string) =>
  createHmac("sha256", key).update(`${id}\0${nonce}`).digest("base64url");

export const hashInvitationToken = (token: string) =>
  createHash("sha256").update(`team-invitation\0${token}`).digest("base64url");
