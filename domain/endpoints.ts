import { accountEndpoints } from "./account-endpoints.ts";
import type { Endpoint } from "./api.ts";
import { auditEndpoints } from "./audit-endpoints.ts";
import { authEndpoints } from "./auth-endpoints.ts";
import { bookingEndpoints } from "./booking-endpoints.ts";
import { contentEndpoints } from "./content-endpoints.ts";
import { conversationEndpoints } from "./conversation-endpoints.ts";
import { eventEndpoints } from "./event-endpoints.ts";
import { insightEndpoints } from "./insight-endpoints.ts";
import { leadEndpoints } from "./lead-endpoints.ts";
import { leadImportEndpoints } from "./lead-import-endpoints.ts";
import { leadMergeEndpoints } from "./lead-merge-endpoints.ts";
import { mediaEndpoints } from "./media-endpoints.ts";
import { mfaEndpoints } from "./mfa-endpoints.ts";
import { passkeyEndpoints } from "./passkey-endpoints.ts";
import { siteEndpoints } from "./site-endpoints.ts";
import { spamEndpoints } from "./spam-endpoints.ts";
import { teamEndpoints } from "./team-endpoints.ts";
import { webhookEndpoints } from "./webhook-endpoints.ts";

/**
 * Every endpoint of the API, described once (docs/decisions/010-api-contracts.md). The server
 * registers each route from its entry, so requests are validated and responses serialized by
 * these schemas; /api/openapi.json is generated from the registered routes; the admin's API
 * client parses each response with the schema of its status. Each feature describes its own in
 * domain/*-endpoints.ts; this is the one table that holds them all.
 */
export const endpoints = {
  ...siteEndpoints,
  ...authEndpoints,
  ...mfaEndpoints,
  ...passkeyEndpoints,
  ...accountEndpoints,
  ...leadEndpoints,
  ...leadMergeEndpoints,
  ...leadImportEndpoints,
  ...spamEndpoints,
  ...bookingEndpoints,
  ...conversationEndpoints,
  ...eventEndpoints,
  ...insightEndpoints,
  ...mediaEndpoints,
  ...contentEndpoints,
  ...teamEndpoints,
  ...auditEndpoints,
  ...webhookEndpoints,
} as const satisfies Record<string, Endpoint>;

/** An endpoint's path with its `:params` filled in (encoded). */
export function endpointPath(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
}

export type EndpointName = keyof typeof endpoints;

const namesByRoute = new Map<string, EndpointName>(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [
    `${endpoints[name].method} ${endpoints[name].url}`,
    name,
  ]),
);

/**
 * The endpoint a matched route is, by its method and path pattern (`/api/leads/:id`), or
 * undefined; a HEAD request is its GET's.
 */
export const endpointNameOf = (method: string, routeUrl: string | undefined) =>
  namesByRoute.get(`${method === "HEAD" ? "GET" : method} ${routeUrl ?? ""}`);
