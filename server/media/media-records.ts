import { type MediaRecord, type MediaUse, mediaPath } from "../../domain/media.ts";
import { toIso } from "../db/schema.ts";
import type { MediaFileInfo, MediaRow } from "./media.repository.ts";

/**
 * A picture as the renderer draws it: the shape of the build's images (ResponsiveImageData in
 * app/components/responsive-image.tsx, which this matches field for field, so <ResponsiveImage>
 * takes it as is), with its alt text and the fallback in its original's format.
 */
export type MediaImage = {
  readonly id: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
  readonly placeholder: string | null;
  readonly color: string;
  readonly avif: readonly { readonly width: number; readonly src: string }[];
  readonly webp: readonly { readonly width: number; readonly src: string }[];
  readonly fallback: string;
};

export function mediaImageOf(row: MediaRow, files: readonly MediaFileInfo[]): MediaImage {
  const variants = (type: string) =>
    files
      .filter((file) => file.content_type === type && !file.variant.startsWith("orig."))
      .sort((a, b) => a.width - b.width)
      .map((file) => ({ width: file.width, src: mediaPath(row.id, file.variant) }));
  const fallback = files.find((file) => file.variant.startsWith("orig."));
  return {
    id: row.id,
    alt: row.alt,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    color: row.color,
    avif: variants("image/avif"),
    webp: variants("image/webp"),
    fallback: mediaPath(row.id, fallback?.variant ?? "orig.jpg"),
  };
}

const srcset = (variants: MediaImage["webp"]) =>
  variants.map((variant) => `${variant.src} ${variant.width}w`).join(", ");

/** The library's view of a picture (GET /api/media). */
export function mediaRecordOf(
  row: MediaRow,
  files: readonly MediaFileInfo[],
  usedBy: readonly MediaUse[],
): MediaRecord {
  const image = mediaImageOf(row, files);
  return {
    id: row.id,
    url: image.webp.at(-1)?.src ?? image.fallback,
    width: row.width,
    height: row.height,
    alt: row.alt,
    bytes: Number(row.bytes),
    fileName: row.file_name,
    contentType: row.content_type,
    createdAt: toIso(row.created_at),
    srcset: { avif: srcset(image.avif), webp: srcset(image.webp) },
    fallback: image.fallback,
    placeholder: row.placeholder,
    color: row.color,
    usedBy: [...usedBy],
  };
}
