import { type Check, fail, isLoopbackHost, ok } from "./config-checks.ts";

/**
 * The booking settings (docs/booking.md): the owner's own calendar over CalDAV
 * (docs/decisions/023-the-owners-calendar-over-caldav.md) and when visitors are reminded of a
 * call. Read by loadConfig (server/config.ts).
 */

/** A CalDAV calendar collection: its URL without credentials, and the credentials apart. */
export type CalDavSettings = Readonly<{
  url: string;
  username: string | undefined;
  password: string | undefined;
}>;

/** CALDAV_URL as read: the URL without credentials, and those it carried. */
type CalDavUrl = { url: string; username?: string; password?: string };

export const reminderHours: Check<number | null> = (v) => {
  if (v === undefined) return ok(24);
  if (v === "off") return ok(null);
  return /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 168
    ? ok(Number(v))
    : fail('must be a whole number of hours from 1 to 168, or "off"');
};

/**
 * CALDAV_URL: a calendar collection, https (http only to a loopback address). Credentials in
 * the URL are taken out of it, so the URL itself can be logged and compared.
 */
export const caldavUrl: Check<CalDavUrl | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return fail("must be the https:// URL of a calendar collection");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return fail("must be the https:// URL of a calendar collection");
  if (parsed.protocol === "http:" && !isLoopbackHost(parsed.hostname))
    return fail("must use https:// (plain http:// only to a loopback address such as 127.0.0.1)");
  if (parsed.search || parsed.hash) return fail("must not have a query or a fragment");
  const username = parsed.username ? decodeURIComponent(parsed.username) : undefined;
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.username = "";
  parsed.password = "";
  // A collection's members are resolved against it: it ends with a slash.
  if (!parsed.pathname.endsWith("/")) parsed.pathname += "/";
  return ok({
    url: parsed.href,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });
};

/** CALDAV_USERNAME and CALDAV_PASSWORD win over the URL's own credentials. */
export function caldavFrom(
  parsed: CalDavUrl | undefined,
  username: string | undefined,
  password: string | undefined,
): CalDavSettings | undefined {
  if (!parsed) return undefined;
  return Object.freeze({
    url: parsed.url,
    username: username ?? parsed.username,
    password: password ?? parsed.password,
  });
}
