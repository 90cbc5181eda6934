import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { contentTexts } from "../../domain/content-entry.ts";
import { uuidPattern } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import { type ContentChange, findEntry } from "./content.repository.ts";
import { changedSincePublished, type EntryRow, publicPathOf } from "./content-rows.ts";

/** How the content API answers: an entry as the studio reads it, times, the change hook. */

type Person = { name: string; email: string } | null;

/** An entry: its state, then its own fields flat (as in the frontmatter), then its body. */
export function entryAnswer(entry: EntryRow, updatedBy: Person) {
  return {
    ...entry.data,
    id: entry.id,
    type: entry.type,
    slug: entry.slug,
    status: entry.status,
    version: entry.version,
    publishAt: entry.publishAt,
    publishedAt: entry.published?.at ?? null,
    url: liveUrl(entry),
    changedSincePublished: changedSincePublished(entry),
    updatedAt: entry.updatedAt,
    updatedBy,
    body: entry.body,
  };
}

/**
 * Reading an entry for a route: `find` by the path's id (undefined for an unknown or
 * malformed one, so both answer 404), `answer` as the API shows it, read again after a change.
 */
export function entryReader(db: Db) {
  return {
    find: (id: string) => (uuidPattern.test(id) ? findEntry(db, id.toLowerCase()) : undefined),
    answer: async (id: string) => {
      const entry = await findEntry(db, id);
      return entry && entryAnswer(entry, entry.editor);
    },
  };
}

export const liveUrl = (entry: EntryRow) =>
  entry.published ? publicPathOf(entry.type, entry.published.slug) : null;

export const titleOf = (data: Record<string, unknown>, slug: string) =>
  typeof data.title === "string" ? data.title : typeof data.name === "string" ? data.name : slug;

export function summaryOf(entry: EntryRow) {
  return {
    id: entry.id,
    type: entry.type,
    slug: entry.slug,
    title: titleOf(entry.data, entry.slug),
    status: entry.status,
    version: entry.version,
    publishAt: entry.publishAt,
    publishedAt: entry.published?.at ?? null,
    updatedAt: entry.updatedAt,
    changedSincePublished: changedSincePublished(entry),
    url: liveUrl(entry),
  };
}

/** "2026-11-28 16:40" in the owner's zone, as the admin screens show times. */
export function ownerTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export const staleMessage = (who: string, when: string) =>
  `Changed by ${who} at ${when} while you were editing; your text is kept here, copy it before reloading.`;

/** A publish time: ISO 8601 with an offset (Z or ±hh:mm), a real date between 1970 and 9999. */
const withOffset =
  /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;
export function parsePublishAt(value: string): Date | null {
  const match = withOffset.exec(value);
  if (!match || Number(match[1]) < 1970) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  // Date.parse rolls 2027-02-30 over to March: a date that is not real is refused.
  const written = value.slice(0, 10);
  const [y, m, d] = written.split("-").map(Number);
  const check = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  if (check.getUTCMonth() !== (m ?? 1) - 1 || check.getUTCDate() !== d) return null;
  return new Date(time);
}

/**
 * Tells the renderer what changed on the live site, after the commit and before the answer,
 * so "Live at /path" is true when the studio shows it. A failing hook never undoes a publish:
 * it is logged, and the renderer catches up on its own.
 */
export async function announce(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  change: ContentChange | null,
): Promise<void> {
  if (!change) return;
  try {
    await app.contentChanged(change);
  } catch (error) {
    log.error({ err: error, change }, "the content change was committed, but its hook failed");
  }
}

export const problemsOf = (field: string, message: string) => ({
  message,
  fields: { [field]: message },
});

export const slugTaken = () => problemsOf("slug", contentTexts.slugTaken);
