import { randomUUID } from "node:crypto";

let lastMs = -1;
let sequence = 0;

/**
 * UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Ids sort by
 * creation time, which keeps B-tree inserts at the right edge of the index. Within one
 * millisecond, the 12 bits after the version count up from a random start (RFC 9562's
 * "fixed bit-length dedicated counter"), so rows written in the same millisecond (a lead and
 * its instant reply) still sort in the order they were made.
 * Built on randomUUID (v4), whose random bits Node draws from a cached entropy pool; far
 * cheaper per id than randomBytes(16), which showed up at 5% of a write-heavy profile.
 */
export function uuidv7(now = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, V already the RFC variant
  if (now === lastMs && sequence < 0xfff) sequence++;
  else {
    lastMs = now;
    // A random start in the lower half leaves room to count up.
    sequence = Number.parseInt(random.slice(15, 18), 16) & 0x7ff;
  }
  const time = now.toString(16).padStart(12, "0").slice(-12);
  const counter = sequence.toString(16).padStart(3, "0");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter}-${random.slice(19)}`;
}

/** When a version-7 ID was made (its first 48 bits), in Unix milliseconds. */
export const uuidv7Time = (id: string): number =>
  Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
