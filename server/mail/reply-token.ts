import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";

/**
 * A lead's reply token, for REPLY_TO's plus address (hello+{token}@studio.example), so a
 * reply finds its lead even when the visitor's mail program drops In-Reply-To and References.
 * It is the lead's 128-bit ID encrypted as one AES block under a key derived from the
 * server's signing key, in lowercase base32 (26 characters): mail systems may fold the local
 * part's case, nothing is stored, every instance reads every other's, and a token cannot be
 * made for a lead without the key (a made-up one decrypts to an ID no lead has).
 */

export const replyTokenKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("reply-to-token").digest();

const alphabet = "abcdefghijklmnopqrstuvwxyz234567";

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const index = alphabet.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function replyTokenFor(key: Uint8Array, leadId: string): string {
  const cipher = createCipheriv("aes-256-ecb", key, null).setAutoPadding(false);
  return base32(Buffer.concat([cipher.update(uuidBytes(leadId)), cipher.final()]));
}

/** The lead ID a token stands for, or null for anything that is not a token. */
export function leadIdOfReplyToken(key: Uint8Array, token: string): string | null {
  if (!/^[a-z2-7]{26}$/.test(token)) return null;
  const bytes = fromBase32(token);
  if (bytes?.length !== 16) return null;
  const decipher = createDecipheriv("aes-256-ecb", key, null).setAutoPadding(false);
  return uuidOf(Buffer.concat([decipher.update(bytes), decipher.final()]));
}

/**
 * The Reply-To address for a lead under REPLY_TO (with `{token}`), and the other way round:
 * the token found in an address the reply was sent to (its local part, any case).
 */
export function replyAddressFor(template: string, token: string): string {
  return template.replace("{token}", token);
}

export function tokenInAddress(template: string, address: string): string | null {
  const [before = "", after = ""] = template.toLowerCase().split("{token}");
  const candidate = address.trim().toLowerCase();
  if (!template.includes("{token}")) return null;
  if (!candidate.startsWith(before) || !candidate.endsWith(after)) return null;
  const token = candidate.slice(before.length, candidate.length - after.length);
  return /^[a-z2-7]{26}$/.test(token) ? token : null;
}
