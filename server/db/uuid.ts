import { randomUUID } from "node:crypto";

/**
 * UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Ids sort by
 * creation time, which keeps B-tree inserts at the right edge of the index.
 * Built on randomUUID (v4), whose random bits Node draws from a cached entropy pool; far
 * cheaper per id than randomBytes(16), which showed up at 5% of a write-heavy profile.
 */
export function uuidv7(now = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, V already the RFC variant
  const time = now.toString(16).padStart(12, "0").slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}
