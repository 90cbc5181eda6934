import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { MediaTable } from "../db/schema-content.ts";
import type { EncodedImage } from "./media-encoding.ts";

/** The media library's SQL (ADR 032): pictures in `media`, their encoded files in `media_files`. */

export type MediaRow = Selectable<MediaTable>;
/** A file's description, without its bytes. */
export type MediaFileInfo = {
  media_id: string;
  variant: string;
  content_type: string;
  width: number;
  size: number;
};

export type NewMedia = {
  readonly id: string;
  readonly fileName: string;
  readonly alt: string;
  /** The uploaded file's size and SHA-256 (the file itself is not kept). */
  readonly bytes: number;
  readonly sha256: string;
  readonly createdAt: Date;
  readonly createdBy: string | null;
  readonly image: EncodedImage;
};

/** Stores a picture and all its files at once: a half-stored picture is never listed or served. */
export async function insertMedia(db: Db, media: NewMedia): Promise<void> {
  const { image } = media;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("media")
      .values({
        id: media.id,
        file_name: media.fileName,
        content_type: image.contentType,
        width: image.width,
        height: image.height,
        alt: media.alt,
        bytes: media.bytes,
        placeholder: image.placeholder,
        color: image.color,
        sha256: media.sha256,
        created_at: media.createdAt.toISOString(),
        created_by: media.createdBy,
      })
      .execute();
    // One row at a time: a picture's files together reach a few MB, more than one statement's
    // parameters should carry.
    for (const file of image.files) {
      await trx
        .insertInto("media_files")
        .values({
          media_id: media.id,
          variant: file.variant,
          content_type: file.contentType,
          width: file.width,
          size: file.bytes.byteLength,
          bytes: file.bytes,
        })
        .execute();
    }
  });
}

const mediaColumns = [
  "id",
  "file_name",
  "content_type",
  "width",
  "height",
  "alt",
  "bytes",
  "placeholder",
  "color",
  "sha256",
  "created_at",
  "created_by",
] as const;

/** Every picture, newest first; or only those of `ids`. */
export async function findMedia(db: Db, ids?: readonly string[]): Promise<MediaRow[]> {
  if (ids?.length === 0) return [];
  let query = db.selectFrom("media").select(mediaColumns);
  if (ids) query = query.where("id", "in", ids);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map((row) => ({ ...row, width: Number(row.width), height: Number(row.height) }));
}

/** The files of these pictures, without their bytes, narrowest first. */
export async function findMediaFiles(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, MediaFileInfo[]>> {
  const byMedia = new Map<string, MediaFileInfo[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byMedia;
  const rows = await db
    .selectFrom("media_files")
    .select(["media_id", "variant", "content_type", "width", "size"])
    .where("media_id", "in", ids)
    .orderBy("media_id")
    .orderBy("width")
    .orderBy("variant")
    .execute();
  for (const row of rows)
    byMedia.get(row.media_id)?.push({ ...row, width: Number(row.width), size: Number(row.size) });
  return byMedia;
}

/** One file's bytes and type, as served; undefined for an unknown picture or variant. */
export async function findMediaFile(
  db: Db,
  id: string,
  variant: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom("media_files")
    .select(["content_type", "bytes"])
    .where("media_id", "=", id)
    .where("variant", "=", variant)
    .executeTakeFirst();
  if (!row) return undefined;
  // node:sqlite reads a blob as a Uint8Array, pg a bytea as a Buffer: one Buffer for both.
  const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  return { contentType: row.content_type, bytes };
}

/** Whether a file exists, without reading its bytes (a revalidation answered 304). */
export async function mediaFileExists(db: Db, id: string, variant: string): Promise<boolean> {
  const row = await db
    .selectFrom("media_files")
    .select("size")
    .where("media_id", "=", id)
    .where("variant", "=", variant)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets a picture's alt text; false for an unknown picture. */
export async function updateMediaAlt(db: Db, id: string, alt: string): Promise<boolean> {
  const result = await db.updateTable("media").set({ alt }).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a picture and its files; false for an unknown picture. */
export async function deleteMedia(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Its files first: SQLite enforces the cascade only with foreign keys on, which a restored
    // or hand-opened file may not have.
    await trx.deleteFrom("media_files").where("media_id", "=", id).execute();
    const result = await trx.deleteFrom("media").where("id", "=", id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}
