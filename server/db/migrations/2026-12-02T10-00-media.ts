import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The media library (ADR 032): each uploaded picture (`media`) and the files encoded from it
// (`media_files`: AVIF and WebP at several widths, a fallback in the original's format), their
// bytes in the database so every instance serves the same picture. The uploaded file itself is
// not kept: it may carry the camera's EXIF and GPS, and nothing served is made from it again.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";
  const bytes = sqlite ? "blob" : "bytea";

  await db.schema
    .createTable("media")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("file_name", "text", (c) => c.notNull())
    // What the bytes are (image/jpeg, …), as read from them, not as the browser named them.
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    // The uploaded file's size.
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("placeholder", "text")
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    // The admin who uploaded it; kept when the account goes.
    .addColumn("created_by", sql.raw(uuid), (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("media_created").on("media").column("created_at").execute();

  await db.schema
    .createTable("media_files")
    .addColumn("media_id", sql.raw(uuid), (c) =>
      c.notNull().references("media.id").onDelete("cascade"),
    )
    // Its name in the address: 800.avif, 800.webp, orig.jpg, …
    .addColumn("variant", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("bytes", sql.raw(bytes), (c) => c.notNull())
    .addPrimaryKeyConstraint("media_files_pk", ["media_id", "variant"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media_files").execute();
  await db.schema.dropTable("media").execute();
}
