import { createHmac, timingSafeEqual } from "node:crypto";
import { uuidPattern } from "../../domain/lead-record.ts";

/**
 * The token in a guest's registration link (ADR 026): the registration's ID and an HMAC of it
 * under the server's key for visitors' links, `{id}.{mac}`. Nothing is stored: every
 * instance, and every e-mail sent later, makes the same link again, and rotating the signing
 * key retires the links, as it should. The ID in it says nothing but that a registration
 * exists, and only to the person who holds the link already.
 */

const macOf = (key: Uint8Array, id: string) =>
  // Domain-separated from the booking links made with the same key (meeting IDs alone).
  createHmac("sha256", key).update(`event-registration\0${id}`).digest("base64url");

/** The token for a registration's link. */
export const registrationLinkToken = (key: Uint8Array, id: string) => `${id}.${macOf(key, id)}`;

/**
 * The registration a token names, or null for anything not made by `registrationLinkToken`
 * under this key (compared as the exact string, in constant time: no second, lenient
 * decoding of a look-alike).
 */
export function registrationIdOfToken(key: Uint8Array, token: string): string | null {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  if (dot < 0 || !uuidPattern.test(id) || id !== id.toLowerCase()) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(key, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
