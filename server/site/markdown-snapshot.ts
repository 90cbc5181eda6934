import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { collectionFolders } from "../../domain/content-pages.ts";
import type { PublishedSnapshot } from "./publisher.ts";

/**
 * content/ as the published snapshot: what the build rendered, until the entries live in the
 * database (the content studio's import replaces this reader).
 */
export async function publishedSnapshot(): Promise<PublishedSnapshot> {
  const root = path.resolve(process.cwd(), "content");
  const folders = [...Object.values(collectionFolders), "testimonials"];
  return new Map(folders.map((folder) => [folder, read(root, folder)]));
}

function read(root: string, folder: string) {
  const dir = path.join(root, folder);
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".md"));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const parsed = matter(readFileSync(path.join(dir, name), "utf8"));
    const data = Object.fromEntries(
      Object.entries(parsed.data).map(([key, value]) => [
        key,
        value instanceof Date ? value.toISOString().slice(0, 10) : value,
      ]),
    );
    return {
      slug: path.basename(name, ".md"),
      file: `${folder}/${name}`,
      data,
      body: parsed.content,
    };
  });
}
