/**
 * The time a build takes as "now" to decide what is upcoming and what is past (events):
 * BUILD_TIME (an ISO 8601 time) when set, for a build that must come out the same whatever
 * day it runs (the browser tests), else the moment of building.
 */
export function buildTime(): number {
  const fixed = process.env.BUILD_TIME;
  if (!fixed) return Date.now();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) throw new Error(`BUILD_TIME must be an ISO 8601 time (got "${fixed}")`);
  return time;
}
