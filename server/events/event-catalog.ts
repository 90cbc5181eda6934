import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import * as z from "zod/mini";
import { type CatalogEvent, eventCatalog, eventCatalogFile } from "../../domain/events.ts";

/**
 * The events this server takes registrations for: the build's catalog (ADR 026), read once at
 * start like the site's files, so a server keeps the events of the build it serves.
 */
export type EventCatalog = {
  readonly events: readonly CatalogEvent[];
  find(slug: string): CatalogEvent | undefined;
  /**
   * The events as published now: a running server takes its events from the database once
   * content is published there (docs/decisions/033), not only from the build it started with.
   */
  replace(events: readonly CatalogEvent[]): void;
};

export function eventCatalogOf(initial: readonly CatalogEvent[]): EventCatalog {
  let events = initial;
  let bySlug = new Map(events.map((event) => [event.slug, event]));
  return {
    get events() {
      return events;
    },
    find: (slug) => bySlug.get(slug),
    replace(next) {
      events = next;
      bySlug = new Map(events.map((event) => [event.slug, event]));
    },
  };
}

/**
 * The catalog in a build folder. A build without one (older than event registration) has no
 * events to register for; a catalog that does not parse is a broken build and stops start-up.
 */
export async function readEventCatalog(
  buildDir: string,
  log: { warn: (msg: string) => void },
): Promise<EventCatalog> {
  let file = path.join(buildDir, eventCatalogFile);
  let text: string;
  try {
    // build/ is a link to the newest build: read the one this server serves, resolved now.
    file = path.join(await realpath(buildDir), eventCatalogFile);
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    log.warn(`events: ${file} is missing; no event takes registrations until the next build`);
    return eventCatalogOf([]);
  }
  const parsed = z.safeParse(eventCatalog, JSON.parse(text));
  if (!parsed.success) throw new Error(`events: ${file} is not an event catalog`);
  return eventCatalogOf(parsed.data);
}

/** Whether registration is still open: until the event starts. */
export const takesRegistrations = (event: CatalogEvent, now: Date) =>
  now.getTime() < Date.parse(event.start);
