import type { EventMeta } from "./content-schema.ts";
import { registeredPagePath } from "./event-texts.ts";
import type { CatalogEvent } from "./events.ts";
import { collectionPaths, feedPaths, staticPages } from "./site-paths.ts";
import { typographic } from "./typography.ts";

/**
 * What the published entries make of the site, for the build (app/content) and for the server
 * that renders pages when content is published (docs/decisions/033): which pages exist, and
 * the events that take registrations.
 */

/** The content/ folder each collection's pages are made from. */
export const collectionFolders = Object.freeze({
  caseStudy: "case-studies",
  guide: "guides/wordpress",
  blogPost: "blog",
  event: "events",
} satisfies Record<keyof typeof collectionPaths, string>);

type Slugged = { readonly slug: string; readonly data: Readonly<Record<string, unknown>> };

/**
 * How many entries either side of its own an entry's page shows, in its collection's order
 * (a journal post names its neighbours under "More from the journal"; other pages show their
 * own entry only). A change to one entry touches no other entry's page beyond this reach, so
 * publishing among a thousand posts looks at a handful of pages, not a thousand.
 */
export const entryPageReach: Readonly<Record<string, number>> = Object.freeze({ blog: 2 });

/** A collection in its pages' order: posts and case studies newest first. */
export function inPageOrder<T extends Slugged>(folder: string, entries: readonly T[]): T[] {
  const text = (entry: T, key: string) => String(entry.data[key] ?? "");
  const sorted = [...entries];
  if (folder === "blog" || folder === "case-studies")
    sorted.sort((a, b) => text(b, "date").localeCompare(text(a, "date")));
  else if (folder === "events")
    sorted.sort((a, b) => text(a, "start").localeCompare(text(b, "start")));
  else if (folder === "guides/wordpress")
    sorted.sort((a, b) => Number(a.data.order ?? 0) - Number(b.data.order ?? 0));
  return sorted;
}

/**
 * Every public page content can change: the hand-made pages (they show testimonials, case
 * studies, the team), each entry's page, each upcoming event's registration confirmation, and
 * the feeds (robots.txt names no content).
 */
export function contentSitePaths(entries: (folder: string) => readonly Slugged[], now: number) {
  const paths = staticPages.map((page) => page.path);
  for (const [collection, folder] of Object.entries(collectionFolders)) {
    const { path } = collectionPaths[collection as keyof typeof collectionPaths];
    for (const entry of entries(folder)) paths.push(path(entry.slug));
  }
  for (const event of entries(collectionFolders.event)) {
    const start = Date.parse(String(event.data.start ?? ""));
    if (start > now) paths.push(registeredPagePath(event.slug));
  }
  paths.push(...feedPaths.filter((path) => path !== "/robots.txt"));
  return paths;
}

/** What the server needs of an event to take registrations (ADR 026). */
export function catalogEventOf(slug: string, meta: EventMeta, siteUrl: string): CatalogEvent {
  const venue = meta.venue;
  return {
    slug,
    title: typographic(meta.title),
    start: meta.start,
    end: meta.end,
    capacity: meta.capacity,
    place: typographic(
      venue
        ? `${venue.name}, ${venue.street}, ${venue.locality}, ${venue.region} ${venue.postalCode}`
        : `Online. ${meta.onlineNote ?? ""}`.trim(),
    ),
    price: typographic(meta.price),
    ...(meta.payment ? { payment: typographic(meta.payment) } : {}),
    url: `${siteUrl}${collectionPaths.event.path(slug)}`,
  };
}

/**
 * A fingerprint of a content snapshot (every folder's entries: slug, fields, body): equal for
 * the Markdown a build rendered and the same entries read back from the database, so a server
 * whose database still holds what its build rendered has nothing to render at start.
 */
export async function contentFingerprint(
  entries: (folder: string) => readonly (Slugged & { readonly body: string })[],
): Promise<string> {
  const folders = [...Object.values(collectionFolders), "testimonials", "people"].sort();
  const text = JSON.stringify(
    folders.map((folder) => [
      folder,
      [...entries(folder)]
        .sort((a, b) => a.slug.localeCompare(b.slug))
        .map((entry) => [entry.slug, sortedKeys(entry.data), entry.body]),
    ]),
  );
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The same object with its keys (and its objects' keys) in order, for a stable JSON. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** The times at which an event's pages change by themselves: its start and its end. */
export function eventBoundaries(entries: readonly Slugged[]): number[] {
  return entries
    .flatMap((entry) => [Date.parse(String(entry.data.start)), Date.parse(String(entry.data.end))])
    .filter((time) => Number.isFinite(time));
}
