import { installedContentSource } from "../../domain/content-source.ts";

/**
 * The time a build takes as "now" to decide what is upcoming and what is past (events):
 * BUILD_TIME (an ISO 8601 time) when set, for a build that must come out the same whatever
 * day it runs (the browser tests), else the moment of building; for a page rendered by a running
 * server, the server's own "now".
 */
export function buildTime(): number {
  // A page rendered when content is published takes the server's clock (docs/decisions/033).
  const source = installedContentSource();
  if (source) return source.now();
  const fixed = process.env.BUILD_TIME;
  if (!fixed) return Date.now();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) throw new Error(`BUILD_TIME must be an ISO 8601 time (got "${fixed}")`);
  return time;
}
