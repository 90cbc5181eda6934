import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { ContentSource, SourceEntry } from "../../domain/content-source.ts";

/**
 * content/ as a content source: what a build reads, for the import into the database and for
 * comparing a page rendered by a running server with the build's own.
 */
export function markdownSource(root: string, now: () => number): ContentSource {
  const folders = new Map<string, SourceEntry[]>();
  return {
    generation: 0,
    now,
    entries(folder) {
      let entries = folders.get(folder);
      if (!entries) {
        entries = readMarkdownFolder(root, folder);
        folders.set(folder, entries);
      }
      return entries;
    },
  };
}

/** YAML turns unquoted dates into Date objects; the schemas expect the written form. */
export function normalizeYamlDates(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString().slice(0, 10) : value,
    ]),
  );
}

/** Each .md file of `root/folder`, by name: its frontmatter fields and its Markdown body. */
export function readMarkdownFolder(root: string, folder: string): SourceEntry[] {
  const dir = path.join(root, folder);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".md"));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const file = path.join(dir, name);
    const shown = path.relative(process.cwd(), file);
    let parsed: matter.GrayMatterFile<string>;
    try {
      parsed = matter(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${shown}: frontmatter is not valid YAML: ${(error as Error).message}`);
    }
    return {
      slug: path.basename(name, ".md"),
      file: shown,
      data: normalizeYamlDates(parsed.data),
      body: parsed.content,
    };
  });
}
