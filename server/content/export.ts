import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contentTypes } from "../../domain/content-schema.ts";
import type { Db } from "../db/connect.ts";
import { entryOf } from "./content-rows.ts";
import { writeMarkdown } from "./markdown-files.ts";

/**
 * Writes every entry back as Markdown in content/'s layout (ADR 031). A published entry is
 * written as it is live (its published snapshot), into its type's folder, in today's format,
 * so the output can replace content/. An entry never published (a draft, or scheduled and not
 * yet live) has no place there: it goes under drafts/<folder>/, which no import reads. The
 * frontmatter holds only the type's fields (the schemas are strict), so status is told by
 * the folder, not by a field.
 */
export async function exportContent(
  db: Db,
  outDir: string,
): Promise<{ published: number; drafts: number }> {
  const rows = await db
    .selectFrom("content_entries")
    .selectAll()
    .orderBy("type")
    .orderBy("slug")
    .execute();
  let published = 0;
  let drafts = 0;
  for (const entry of rows.map(entryOf)) {
    const { folder } = contentTypes[entry.type];
    const live = entry.published;
    const dir = live ? path.join(outDir, folder) : path.join(outDir, "drafts", folder);
    const slug = live ? live.slug : entry.slug;
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `${slug}.md`),
      live ? writeMarkdown(live.data, live.body) : writeMarkdown(entry.data, entry.body),
    );
    if (live) published++;
    else drafts++;
  }
  return { published, drafts };
}
