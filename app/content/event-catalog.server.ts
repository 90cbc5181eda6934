import type { CatalogEvent } from "../../domain/events.ts";
import { events } from "./collections.server.ts";
import { eventPath } from "./public-paths.server.ts";

/**
 * What the server needs of each event to take registrations (ADR 026): written by the build
 * beside the site (build/events.json), so the server never reads content or app code itself.
 */
export function eventCatalogEntries(siteUrl: string): CatalogEvent[] {
  return events().map(({ slug, meta }) => ({
    slug,
    title: meta.title,
    start: meta.start,
    end: meta.end,
    capacity: meta.capacity,
    place: meta.venue
      ? `${meta.venue.name}, ${meta.venue.street}, ${meta.venue.locality}, ${meta.venue.region} ${meta.venue.postalCode}`
      : `Online. ${meta.onlineNote ?? ""}`.trim(),
    price: meta.price,
    ...(meta.payment ? { payment: meta.payment } : {}),
    url: `${siteUrl}${eventPath(slug)}`,
  }));
}
