import { calendarQuery, createObject, deleteObject, fetchCalendarObjects } from "tsdav";
import type { CalDavSettings } from "../config-booking.ts";

/**
 * The few CalDAV calls this site makes (RFC 4791), through tsdav: read the events in a time
 * range, find an event by its UID, write one and remove one. Every call is bounded in time,
 * so a calendar that hangs never holds a request or the sync up.
 */
export type CalDavClient = ReturnType<typeof calDavClient>;

export class CalDavError extends Error {
  override name = "CalDavError";
}

/**
 * Reads wait less than writes: a visitor waits on a read (the free times), while a write
 * runs in the background and a slow one is only late.
 */
export function calDavClient(
  settings: CalDavSettings,
  { readTimeoutMs = 3_000, writeTimeoutMs = 10_000 } = {},
) {
  const calendar = { url: settings.url };
  const headers: Record<string, string> =
    settings.username !== undefined || settings.password !== undefined
      ? {
          authorization: `Basic ${Buffer.from(
            `${settings.username ?? ""}:${settings.password ?? ""}`,
          ).toString("base64")}`,
        }
      : {};
  // Redirects are never followed: a calendar that redirected elsewhere would be handed the
  // owner's credentials with the request (docs/security.md). A 3xx is a failed call instead.
  const within = (ms: number) => ({
    signal: AbortSignal.timeout(ms),
    redirect: "manual" as const,
  });
  const origin = new URL(settings.url).origin;
  /** A member's address, only ever on the calendar's own origin, whatever the server names. */
  const hrefOf = (href: string) => {
    const url = new URL(href, settings.url);
    if (url.origin !== origin)
      throw new CalDavError("the calendar named an event on another server; refused");
    return url.href;
  };

  /** A write's answer: fine, or an error naming the status (never the credentials). */
  async function expectOk(response: Response, what: string, alsoFine: number[] = []) {
    await response.body?.cancel();
    if (!response.ok && !alsoFine.includes(response.status))
      throw new CalDavError(`${what}: the calendar answered ${response.status}`);
  }

  let status: "up" | "down" | "unknown" = "unknown";
  /** Every call tells whether the calendar answered, for /readyz. */
  async function tracked<T>(call: Promise<T>): Promise<T> {
    try {
      const result = await call;
      status = "up";
      return result;
    } catch (error) {
      status = "down";
      throw error;
    }
  }

  return {
    url: settings.url,
    /** Whether the last call worked ("unknown" before the first). */
    status: () => status,

    /** The iCalendar text of every event overlapping [start, end). */
    eventsBetween: (start: Date, end: Date) => tracked(eventsBetween(start, end)),
    /** Where the event with this UID lives (none, or the one a calendar program created). */
    hrefsOf: (uid: string) => tracked(hrefsOf(uid)),
    /** Writes an event at `href`, replacing whatever is there. */
    put: (href: string, ics: string) => tracked(put(href, ics)),
    /** Removes the event at `href`; one already gone is fine. */
    remove: (href: string) => tracked(remove(href)),
    /** A new member's address in the collection. */
    hrefFor: (name: string) => hrefOf(`${encodeURIComponent(name)}.ics`),
  };

  async function eventsBetween(start: Date, end: Date): Promise<string[]> {
    const objects = await fetchCalendarObjects({
      calendar,
      timeRange: { start: start.toISOString(), end: end.toISOString() },
      // Any member is an event here, whatever its name ends with.
      urlFilter: (url) => Boolean(url),
      headers,
      fetchOptions: within(readTimeoutMs),
    });
    return objects.map((object) => object.data).filter((data) => typeof data === "string");
  }

  async function hrefsOf(uid: string): Promise<string[]> {
    const responses = await calendarQuery({
      url: settings.url,
      props: { "d:getetag": {} },
      filters: {
        "comp-filter": {
          _attributes: { name: "VCALENDAR" },
          "comp-filter": {
            _attributes: { name: "VEVENT" },
            "prop-filter": {
              _attributes: { name: "UID" },
              "text-match": { _attributes: { collation: "i;octet" }, _text: uid },
            },
          },
        },
      },
      depth: "1",
      headers,
      fetchOptions: within(writeTimeoutMs),
    });
    return responses.flatMap((response) => (response.href ? [hrefOf(response.href)] : []));
  }

  async function put(href: string, ics: string): Promise<void> {
    const response = await createObject({
      url: href,
      data: ics,
      headers: { ...headers, "content-type": "text/calendar; charset=utf-8" },
      fetchOptions: within(writeTimeoutMs),
    });
    await expectOk(response, "writing the event");
  }

  async function remove(href: string): Promise<void> {
    const response = await deleteObject({
      url: href,
      headers,
      fetchOptions: within(writeTimeoutMs),
    });
    await expectOk(response, "removing the event", [404, 410]);
  }
}
