import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type ContentType,
  contentTypeNames,
  slugMaxLength,
  storedSlugPattern,
} from "../../domain/content-entry.ts";
import { contentTypes, describeIssues } from "../../domain/content-schema.ts";
import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import { readMarkdown, slugOfFile } from "./markdown-files.ts";
import { addRevision } from "./revisions.repository.ts";

/** The repository's content/, wherever the server is started from. */
export const defaultContentDir = path.resolve(import.meta.dirname, "../../content");

type Log = { warn: (obj: object, msg: string) => void; debug: (obj: object, msg: string) => void };

type ImportFile = {
  type: ContentType;
  path: string;
  slug: string;
  data: Record<string, unknown>;
  body: string;
};

/** Every valid Markdown file of content/'s type folders; a bad one is logged and left out. */
export function readContentFiles(dir: string, log: Log): ImportFile[] {
  const files: ImportFile[] = [];
  for (const type of contentTypeNames) {
    const { folder, schema } = contentTypes[type];
    let names: string[];
    try {
      names = readdirSync(path.join(dir, folder))
        .filter((name) => name.endsWith(".md"))
        .sort();
    } catch {
      continue; // No folder for this type: nothing to import.
    }
    for (const name of names) {
      const relative = `content/${folder}/${name}`;
      const slug = slugOfFile(name);
      try {
        if (!storedSlugPattern.test(slug) || slug.length > slugMaxLength)
          throw new Error("its name is not a valid slug");
        const { data, body } = readMarkdown(readFileSync(path.join(dir, folder, name), "utf8"));
        const checked = schema.safeParse(data);
        if (!checked.success)
          throw new Error(`invalid frontmatter\n${describeIssues(checked.error)}`);
        if (body.includes("\u0000")) throw new Error("the body holds a NUL character");
        files.push({ type, path: relative, slug, data, body });
      } catch (error) {
        log.warn(
          { file: relative, err: error },
          `content import: ${relative} skipped: ${(error as Error).message}`,
        );
      }
    }
  }
  return files;
}

/**
 * Takes content/'s Markdown into the database at start-up, as published entries (version 1,
 * published snapshot = working copy). Each file is imported once, ever: a file already taken
 * in (content_imports, which outlives a deleted entry) or whose slug is taken is left alone, so
 * nothing edited or deleted in the studio is ever changed by a later start. One transaction;
 * two instances starting at once on one PostgreSQL each insert with ON CONFLICT DO NOTHING,
 * so every file becomes exactly one entry.
 */
export async function importContent(
  db: Db,
  dir: string,
  log: Log,
  now = new Date(),
): Promise<number> {
  const files = readContentFiles(dir, log);
  const imported = await db.transaction().execute(async (trx) => {
    let count = 0;
    for (const file of files) {
      const first = await trx
        .insertInto("content_imports")
        .values({ path: file.path, imported_at: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .returning("path")
        .executeTakeFirst();
      if (!first) continue;
      const id = uuidv7(now.getTime());
      const data = JSON.stringify(file.data);
      const inserted = await trx
        .insertInto("content_entries")
        .values({
          id,
          type: file.type,
          slug: file.slug,
          data,
          body: file.body,
          version: 1,
          status: "published",
          publish_at: null,
          published_slug: file.slug,
          published_data: data,
          published_body: file.body,
          published_at: now.toISOString(),
          published_version: 1,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          updated_by: null,
          imported_from: file.path,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) continue;
      const snapshot = { slug: file.slug, data: file.data, body: file.body };
      await addRevision(trx, id, "publish", snapshot, null, now);
      count++;
    }
    return count;
  });
  // Debug, not info: a start that then fails (a port in use, say) says why in one line.
  if (imported)
    log.debug({ imported }, `content import: ${imported} entries taken in from content/`);
  return imported;
}
