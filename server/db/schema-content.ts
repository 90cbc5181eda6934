import type { ColumnType } from "kysely";
import type { Timestamp } from "./schema.ts";

/**
 * The content studio's tables (ADR 031), the media library's (ADR 032) and the pages rendered
 * when content is published (ADR 033), beside the rest of the schema in schema.ts.
 */

/** A content entry: its working copy and, once published, what the live page shows (ADR 031). */
export type ContentEntriesTable = {
  id: string;
  type: string;
  slug: string;
  data: string;
  body: string;
  version: ColumnType<number | string, number, number>;
  status: string;
  publish_at: ColumnType<Date | string | null, string | null, string | null>;
  published_slug: string | null;
  published_data: string | null;
  published_body: string | null;
  published_at: ColumnType<Date | string | null, string | null, string | null>;
  published_version: ColumnType<number | string | null, number | null, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
  imported_from: string | null;
};
export type ContentRevisionsTable = {
  id: string;
  entry_id: string;
  created_at: Timestamp;
  author: string | null;
  kind: "session" | "publish" | "restore";
  /** JSON: { slug, data, body }. */
  snapshot: string;
};
export type ContentRedirectsTable = { from_path: string; to_path: string; created_at: Timestamp };
export type ContentPreviewLinksTable = {
  id: string;
  entry_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_by: string | null;
};
export type ContentImportsTable = { path: string; imported_at: Timestamp };
export type SiteSettingsTable = {
  id: number;
  data: string;
  version: ColumnType<number | string, number, number>;
  updated_at: Timestamp;
  updated_by: string | null;
};

/** A picture of the media library (ADR 032). */
export type MediaTable = {
  id: string;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  alt: ColumnType<string, string | undefined, string>;
  bytes: number;
  placeholder: string | null;
  color: string;
  sha256: string;
  created_at: Timestamp;
  created_by: string | null;
};

/** A file encoded from a picture, served at /media/{media_id}/{variant}. */
export type MediaFilesTable = {
  media_id: string;
  variant: string;
  content_type: string;
  width: number;
  size: number;
  /** node:sqlite reads a blob as Uint8Array, pg a bytea as Buffer (a Uint8Array too). */
  bytes: Uint8Array;
};

/** A page rendered when content was published (docs/decisions/033), by build and path. */
export type RenderedPagesTable = {
  build_id: string;
  path: string;
  gone: ColumnType<number, number, number>;
  content_type: string;
  data_hash: string;
  /** JSON: the content folders its loaders read. */
  reads: string;
  body: Uint8Array;
  br: Uint8Array | null;
  gz: Uint8Array | null;
  etag: string;
  /** JSON: its inline scripts' CSP hashes. */
  script_hashes: string;
  /** Milliseconds since the epoch (bigint: read back as text on PostgreSQL). */
  rendered_at: ColumnType<number | string, number, number>;
  /** The content generation it was rendered from. */
  generation: ColumnType<number | string, number, number>;
};

/** How many changes published content has seen (one row). */
export type RenderGenerationTable = {
  id: number;
  value: ColumnType<number | string, number, number>;
};

/** Which instance does a timed pass over a build's pages (docs/decisions/033). */
export type RenderClaimsTable = {
  build_id: string;
  slot: string;
  claimed_at: ColumnType<number | string, number, number>;
};
