import { catalogEventOf } from "../../domain/content-pages.ts";
import type { CatalogEvent } from "../../domain/events.ts";
import { events } from "./collections.server.ts";

/**
 * What the server needs of each event to take registrations (ADR 026): written by the build
 * beside the site (build/events.json); a running server then takes them from the published
 * events (docs/decisions/033).
 */
export function eventCatalogEntries(siteUrl: string): CatalogEvent[] {
  return events().map(({ slug, meta }) => catalogEventOf(slug, meta, siteUrl));
}
