import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { bookingPassMinutes } from "../../domain/booking.ts";

/**
 * "Book a call now" after the contact form (ADR 022): the contact form's answer carries a
 * short-lived pass that lets the booking page fill in the visitor's details and join the lead
 * just created, instead of making a second one. The pass is the lead's ID and an expiry,
 * encrypted and authenticated (AES-256-GCM) under a key derived from the server's signing key:
 * the URL never shows the lead's ID, nobody can forge or alter a pass, and every instance
 * sharing JWT_SECRET reads every other's. Nothing is stored.
 */

const version = "p1";

/** A key for this purpose only, so a pass is never a valid anything else. */
export const bookingPassKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("book-after-contact").digest();

/** How long a pass in an e-mail lasts ({{bookingLink}}, the instant reply): two weeks. */
export const emailedPassMinutes = 14 * 24 * 60;

export function issueBookingPass(
  key: Uint8Array,
  leadId: string,
  now: Date,
  minutes = bookingPassMinutes,
): string {
  const expires = now.getTime() + minutes * 60_000;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(version));
  const sealed = Buffer.concat([cipher.update(`${leadId}|${expires}`, "utf8"), cipher.final()]);
  return `${version}.${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The lead a pass names while it is good; null for an expired, altered or foreign one. */
export function readBookingPass(key: Uint8Array, pass: string, now: Date): string | null {
  const [v, body, ...rest] = pass.split(".");
  if (rest.length || v !== version || !body || body.length > 200) return null;
  const bytes = Buffer.from(body, "base64url");
  if (bytes.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(version));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(12, bytes.length - 16)),
      decipher.final(),
    ]).toString("utf8");
    const [leadId, expires] = plain.split("|");
    if (!leadId || !expires || now.getTime() > Number(expires)) return null;
    return leadId;
  } catch {
    return null; // altered, or sealed under another key
  }
}
