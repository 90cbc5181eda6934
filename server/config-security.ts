import { isIP } from "node:net";
import { type Check, fail, ok } from "./config-checks.ts";

/**
 * The settings that guard the site: the signing key, the metrics token, which proxies to
 * believe, and the Redis that shares rate limits between instances (docs/security.md,
 * docs/operations.md). Read by loadConfig (server/config.ts).
 */

export const jwtSecret: Check<string | undefined> = (v) =>
  v === undefined || v.length >= 32
    ? ok(v)
    : fail("must be at least 32 characters (unset means a generated key in DATA_DIR)");
export const metricsToken: Check<string | undefined> = (v) =>
  v === undefined || /^[\x21-\x7e]{32,256}$/.test(v)
    ? ok(v)
    : fail("must be 32 to 256 visible characters, no spaces (unset means no /metrics)");

/** proxy-addr's named ranges, accepted as TRUST_PROXY entries like addresses. */
const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

export function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Off unless set: behind no proxy, X-Forwarded-For is whatever the client wrote, and rate
 * limits must key on the connection's own address.
 */
export const trustProxy: Check<false | number | readonly string[]> = (v) => {
  if (v === undefined || v === "off" || v === "false") return ok(false);
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? ok(hops) : fail("must be a hop count from 1 to 10");
  }
  const entries = v
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  return entries.length && !bad.length
    ? ok(Object.freeze(entries))
    : fail(
        `must be "off", a hop count, or proxy addresses/ranges like 10.0.0.1,10.1.0.0/16 (not ${bad.join(", ") || "empty"})`,
      );
};

/**
 * WEBHOOK_PRIVATE_TARGETS: the private addresses and ranges webhooks may still be sent to (an
 * n8n on the same host), written as TRUST_PROXY's (docs/integrations.md). Unset: none.
 */
export const webhookPrivateTargets: Check<readonly string[]> = (v) => {
  if (v === undefined) return ok(Object.freeze([]));
  const entries = v
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  return entries.length && !bad.length
    ? ok(Object.freeze(entries))
    : fail(
        `must be addresses/ranges like 127.0.0.1,10.1.0.0/16 or loopback (not ${bad.join(", ") || "empty"})`,
      );
};

export const redisUrl: Check<string | undefined> = (v) =>
  v === undefined || /^rediss?:\/\/\S+$/.test(v)
    ? ok(v)
    : fail("must be a redis:// or rediss:// URL (unset means limits in PostgreSQL or memory)");
export const redisKeyPrefix: Check<string> = (v) =>
  v === undefined
    ? ok("fineline:")
    : /^[A-Za-z0-9:._-]{1,64}$/.test(v)
      ? ok(v)
      : fail("must be 1 to 64 letters, digits or : . _ -");

/** A bad value as the error shows it: never a secret, never a URL's password. */
export const shownValue = (name: string, raw: string | undefined) =>
  name === "JWT_SECRET" || name === "METRICS_TOKEN" || name === "CALDAV_PASSWORD"
    ? "<hidden>"
    : (raw ?? "").replace(/\/\/[^@\s/]*@/g, "//***@");
