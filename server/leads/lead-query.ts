import { isUuid, type LeadFilters, parseLeadFilters } from "../../domain/leads.ts";
import type { LeadCursor } from "./leads.repository.ts";

/** Paging for the lead lists: `?limit=&cursor=`, answered with a `Link: <…>; rel="next"` header. */
export const pageSize = Object.freeze({ default: 50, max: 200 });

export const pagingTexts = Object.freeze({
  badLimit: `limit must be a whole number from 1 to ${pageSize.max}.`,
  badCursor: "That cursor is not valid. Start again from the first page.",
});

/** Opaque to clients: base64url of "<ISO timestamp>|<lead id>". */
export const encodeCursor = (cursor: LeadCursor) =>
  Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");

export function decodeCursor(value: string): LeadCursor | null {
  if (value.length > 200) return null;
  const [at, id, ...rest] = Buffer.from(value, "base64url").toString().split("|");
  if (rest.length || !at || !isUuid(id)) return null;
  const time = new Date(at);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== at) return null;
  return { at, id: id.toLowerCase() };
}

export type PagingQuery = { limit: number; after?: LeadCursor };

/** Search and filters from a request's query string (shared rules in domain/leads.ts). */
export const filtersOf = (query: Record<string, unknown>): LeadFilters =>
  parseLeadFilters({
    get: (name) => (typeof query[name] === "string" ? (query[name] as string) : null),
  });

export function parsePaging(
  query: Record<string, unknown>,
): { ok: true; value: PagingQuery } | { ok: false; message: string } {
  let limit: number = pageSize.default;
  if (query.limit !== undefined) {
    limit =
      typeof query.limit === "string" && /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : 0;
    if (limit < 1 || limit > pageSize.max) return { ok: false, message: pagingTexts.badLimit };
  }
  if (query.cursor === undefined) return { ok: true, value: { limit } };
  const after = typeof query.cursor === "string" ? decodeCursor(query.cursor) : null;
  if (!after) return { ok: false, message: pagingTexts.badCursor };
  return { ok: true, value: { limit, after } };
}

/** The Link header for the next page, keeping the request's other query parameters. */
export function nextLink(requestUrl: string, limit: number, next: LeadCursor): string {
  const url = new URL(requestUrl, "http://relative.invalid");
  url.searchParams.set("limit", String(limit));
  url.searchParams.set("cursor", encodeCursor(next));
  return `<${url.pathname}${url.search}>; rel="next"`;
}
