import { createHash } from "node:crypto";
import { contentTypes } from "../domain/content-schema.ts";
import type { SourceEntry } from "../domain/content-source.ts";
import { type ContentChange, publishedContent } from "./content/content.repository.ts";
import type { Db } from "./db/connect.ts";
import type { LiveSite } from "./site/live-site.ts";
import type { PublishedSnapshot } from "./site/publisher.ts";

/**
 * Wires the content studio to the live site (docs/decisions/031 and 033): the renderer reads
 * the published entries, and each publish, unpublish or delete renders what it touched.
 */

/** The published entries by content/ folder, as the loaders read them. */
export async function publishedSnapshot(db: Db): Promise<PublishedSnapshot> {
  const folders = new Map<string, SourceEntry[]>();
  for (const entry of await publishedContent(db)) {
    const { folder } = contentTypes[entry.type];
    const list = folders.get(folder) ?? [];
    list.push({
      slug: entry.slug,
      file: `${folder}/${entry.slug} (entry ${entry.id})`,
      data: entry.data,
      body: entry.body,
      // What it says, exactly: an entry published again unchanged is not parsed again, and
      // one changed within the same millisecond is.
      key: createHash("sha256")
        .update(JSON.stringify([entry.slug, entry.data, entry.body]))
        .digest("base64url"),
    });
    folders.set(folder, list);
  }
  return folders;
}

/** Renders the pages a change touched; resolves once they are served here. */
export async function renderChange(site: LiveSite | null, change: ContentChange) {
  if (!site) return;
  const { folder, publicPath } = contentTypes[change.type];
  const paths = [change.before, change.after].flatMap((side) =>
    side && publicPath ? [publicPath(side.slug)] : [],
  );
  await site.publisher.changed([folder], paths);
}
