import type { MediaRecord } from "../../domain/media.ts";
import type { Db } from "../db/connect.ts";
import { findMedia, findMediaFiles } from "./media.repository.ts";
import { type MediaImage, mediaImageOf, mediaRecordOf } from "./media-records.ts";
import { mediaUses } from "./media-uses.ts";

/**
 * What other features read of the media library: the renderer's pictures (by id, ready for
 * <ResponsiveImage>) and the library's own listing.
 */

/**
 * The pictures of `ids` (lower-case UUIDs) as the renderer draws them, by id; an unknown id is
 * absent from the map. Its `alt` may be "": the content studio refuses to publish an entry
 * using such a picture (mediaIdsIn in domain/media.ts finds them in an entry).
 */
export async function mediaImages(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, MediaImage>> {
  const rows = await findMedia(db, [...new Set(ids)]);
  const files = await findMediaFiles(
    db,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, mediaImageOf(row, files.get(row.id) ?? [])]));
}

/** The library: every picture newest first, or those of `ids`, with where each is used. */
export async function mediaRecords(db: Db, ids?: readonly string[]): Promise<MediaRecord[]> {
  const rows = await findMedia(db, ids);
  const found = rows.map((row) => row.id);
  const [files, uses] = await Promise.all([findMediaFiles(db, found), mediaUses(db, found)]);
  return rows.map((row) => mediaRecordOf(row, files.get(row.id) ?? [], uses.get(row.id) ?? []));
}
