import { isIsoTimestamp } from "../../domain/api.ts";
import { isCalendarDate } from "../../domain/dates.ts";
import { isUuid } from "../../domain/lead-record.ts";
import type { DueCursor } from "./lead-follow-ups.repository.ts";
import type { LeadCursor } from "./lead-lists.repository.ts";

/** Opaque to clients: base64url of "<ISO timestamp>|<lead id>". */
export const encodeCursor = (cursor: LeadCursor) =>
  Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");

/**
 * A cursor the API itself could have written, or null. The timestamp must be the API's own
 * ISO form (a four-digit year): `+275760-09-13T…` parses in JavaScript and overflows both
 * databases.
 */
export function decodeCursor(value: string): LeadCursor | null {
  if (value.length > 200) return null;
  const [at, id, ...rest] = Buffer.from(value, "base64url").toString().split("|");
  if (rest.length || !at || !isUuid(id) || !isIsoTimestamp(at)) return null;
  return { at, id: id.toLowerCase() };
}

/** The due list's cursor: base64url of "<YYYY-MM-DD>|<lead id>". */
export const encodeDueCursor = (cursor: DueCursor) =>
  Buffer.from(`${cursor.date}|${cursor.id}`).toString("base64url");

export function decodeDueCursor(value: string): DueCursor | null {
  if (value.length > 200) return null;
  const [date, id, ...rest] = Buffer.from(value, "base64url").toString().split("|");
  if (rest.length || !date || !isUuid(id) || !isCalendarDate(date) || date < "1970-01-01")
    return null;
  return { date, id: id.toLowerCase() };
}

/** The Link header for the next page, keeping the request's other query parameters. */
export function nextLink(requestUrl: string, limit: number, cursor: string): string {
  const url = new URL(requestUrl, "http://relative.invalid");
  url.searchParams.set("limit", String(limit));
  url.searchParams.set("cursor", cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}
