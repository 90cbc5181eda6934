import * as z from "zod/mini";
import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { insights, insightsQuery } from "./insights.ts";
import { visitBeacon } from "./visit-beacon.ts";
import { visitsPath } from "./visits.ts";

/**
 * Visits counted without cookies and what they became (docs/insights.md), spread into
 * `endpoints` (domain/endpoints.ts).
 */
export const insightEndpoints = {
  visits: {
    method: "POST",
    url: visitsPath,
    schema: {
      summary: "Count a page view",
      description:
        "The beacon a public page sends once it is shown: `{ path, referrer, utm_source, " +
        "utm_medium, utm_campaign }` as JSON, in any content type (navigator.sendBeacon). No " +
        "cookie, nothing stored of the address or user agent: a visitor of a day is a keyed " +
        "hash under that day's secret. Bots, Sec-GPC: 1, DNT: 1 and the admin's pages are not " +
        "counted. 204 for a page of this site, counted or not (a database connection lost " +
        "meanwhile is replaced and the count tried again); 400 for a body that is not one; 503 " +
        "with Retry-After only while the database does not answer.",
      tags: ["Insights"],
      body: z.union([
        visitBeacon,
        z.string().check(z.describe("The same JSON as text: what sendBeacon sends for a string.")),
      ]),
      response: { 204: z.null(), ...errorResponses(400, 413, 429) },
    },
  },

  insights: {
    method: "GET",
    url: "/api/insights",
    schema: {
      summary: "Insights",
      description:
        "Admins only. Visitors and page views per day (counted without cookies), top pages, " +
        "and for each entry page and source: visitors, leads, conversion rate, calls booked, " +
        "won count and value; pipeline totals. Dates in the owner's zone; the last 30 days " +
        "by default, at most 366.",
      tags: ["Insights"],
      security: tokenSecurity,
      querystring: insightsQuery,
      response: { 200: insights, ...errorResponses(400, 401, 403) },
    },
  },
} as const satisfies Record<string, Endpoint>;
