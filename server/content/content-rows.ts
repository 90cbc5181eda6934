import type { Selectable } from "kysely";
import { type ContentType, contentTypeNames } from "../../domain/content-entry.ts";
import { contentTypes } from "../../domain/content-schema.ts";
import { toIso } from "../db/schema.ts";
import type { ContentEntriesTable } from "../db/schema-content.ts";

/**
 * A content entry as the repositories hand it on: JSON parsed, numbers as numbers, times as
 * ISO strings, whatever the engine returned (PostgreSQL gives Dates and may give bigints as
 * strings; SQLite gives text).
 */
export type EntryRow = {
  id: string;
  type: ContentType;
  slug: string;
  data: Record<string, unknown>;
  body: string;
  version: number;
  status: "draft" | "scheduled" | "published";
  publishAt: string | null;
  published: {
    slug: string;
    data: Record<string, unknown>;
    body: string;
    at: string;
    version: number;
  } | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
  importedFrom: string | null;
};

export const isContentType = (value: string): value is ContentType =>
  (contentTypeNames as readonly string[]).includes(value);

export const parseData = (json: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(json);
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
};

export function entryOf(row: Selectable<ContentEntriesTable>): EntryRow {
  if (!isContentType(row.type)) throw new Error(`content entry ${row.id} has type ${row.type}`);
  const published =
    row.published_slug !== null &&
    row.published_data !== null &&
    row.published_body !== null &&
    row.published_at !== null
      ? {
          slug: row.published_slug,
          data: parseData(row.published_data),
          body: row.published_body,
          at: toIso(row.published_at),
          version: Number(row.published_version ?? 0),
        }
      : null;
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    data: parseData(row.data),
    body: row.body,
    version: Number(row.version),
    status: row.status as EntryRow["status"],
    publishAt: row.publish_at === null ? null : toIso(row.publish_at),
    published,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    updatedBy: row.updated_by,
    importedFrom: row.imported_from,
  };
}

/** The public path of a slug of this type, or null when the type has no page of its own. */
export const publicPathOf = (type: ContentType, slug: string): string | null =>
  contentTypes[type].publicPath?.(slug) ?? null;

/** "Changed since published": the working copy has been saved since the live snapshot. */
export const changedSincePublished = (entry: EntryRow) =>
  entry.published !== null && entry.version > entry.published.version;

/** A unique index refused the write (PostgreSQL 23505; SQLite's constraint error). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || (typeof message === "string" && message.includes("UNIQUE constraint"));
}
