/**
 * Counting visits without cookies (docs/insights.md): the beacon every public page
 * sends once it is shown, and what may be counted of it. The server never stores an address
 * or a user agent, only a keyed hash whose key lives one day. No zod here: the public pages'
 * frame imports this module, and its script budget is 10 KB (the beacon's schema is in
 * visit-beacon.ts).
 */

export const visitsPath = "/api/visits";

/**
 * A page's path as counted: a manage link's token is never kept (every booking's page is one
 * page), a trailing slash is not a second page.
 */
export function countedPath(path: string): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return clean.startsWith("/booking/") ? "/booking/[token]" : clean;
}

/** Pages that are never counted: the admin's, and the account screens. */
export const uncountedPaths = /^\/(admin|login|signup|logout|access-denied)(\/|$)/;
