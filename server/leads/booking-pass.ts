import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { bookingPassMinutes } from "../../domain/booking.ts";

/**
 * "Book a call now" after the contact form (ADR 022): the contact form's answer carries a
 * short-lived pass that lets the booking page fill in the visitor's details and join the lead
 * just created, instead of making a second one. The pass is sealed with AES-256-GCM under a key
 * derived from the server's signing key: the URL never shows the lead's ID, nobody can forge or
 * alter a pass, and every instance sharing JWT_SECRET reads every other's. Nothing is stored.
 *
 * A pass from the form's answer carries the details the request itself typed, and names a lead
 * only when that same request created it: a repeat of someone else's message (the same address
 * and words within ten minutes are stored once) gets a pass that reveals and joins nothing
 * (docs/security.md, "A stranger reads a visitor's name"). A pass sent by e-mail to the lead's
 * own address names the lead alone, and its details are read from the lead.
 *
 * It lives with the leads, not the booking, because it names a lead and three features make or
 * read one: the contact form, the conversation e-mails and the booking page.
 */

const version = "p2";
/** Passes sealed before details rode along: a lead's ID and an expiry. Still read. */
const legacyVersion = "p1";

/** A key for this purpose only, so a pass is never a valid anything else. */
export const bookingPassKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("book-after-contact").digest();

/** How long a pass in an e-mail lasts ({{bookingLink}}, the instant reply): two weeks. */
export const emailedPassMinutes = 14 * 24 * 60;

export type PassDetails = { email: string; firstName: string; lastName: string };
export type BookingPass = {
  /** The lead the pass may join; a made-up ID that matches none when it may join nothing. */
  leadId: string;
  /** What the request that earned the pass typed; absent in a pass sent by e-mail. */
  details: PassDetails | null;
};

function seal(key: Uint8Array, v: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(v));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${v}.${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url")}`;
}

function unseal(key: Uint8Array, v: string, body: string): string | null {
  const bytes = Buffer.from(body, "base64url");
  if (bytes.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(v));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([
      decipher.update(bytes.subarray(12, bytes.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null; // altered, or sealed under another key
  }
}

export function issueBookingPass(
  key: Uint8Array,
  pass: BookingPass,
  now: Date,
  minutes = bookingPassMinutes,
): string {
  const expires = now.getTime() + minutes * 60_000;
  const { leadId, details } = pass;
  return seal(
    key,
    version,
    JSON.stringify(
      details
        ? { l: leadId, x: expires, e: details.email, f: details.firstName, n: details.lastName }
        : { l: leadId, x: expires },
    ),
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** What a pass holds while it is good; null for an expired, altered or foreign one. */
export function readBookingPass(key: Uint8Array, pass: string, now: Date): BookingPass | null {
  const [v, body, ...rest] = pass.split(".");
  if (rest.length || !body || body.length > 4096) return null;
  if (v === legacyVersion) {
    const [leadId, expires] = unseal(key, v, body)?.split("|") ?? [];
    return leadId && expires && now.getTime() <= Number(expires) ? { leadId, details: null } : null;
  }
  if (v !== version) return null;
  const plain = unseal(key, v, body);
  if (!plain) return null;
  const sealed = JSON.parse(plain) as Record<string, unknown>;
  const leadId = text(sealed.l);
  if (!leadId || typeof sealed.x !== "number" || now.getTime() > sealed.x) return null;
  const [email, firstName, lastName] = [text(sealed.e), text(sealed.f), text(sealed.n)];
  return {
    leadId,
    details:
      email !== null && firstName !== null && lastName !== null
        ? { email, firstName, lastName }
        : null,
  };
}
