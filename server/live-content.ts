import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { contentTypeNames } from "../domain/content-entry.ts";
import { contentTypes } from "../domain/content-schema.ts";
import type { SourceEntry } from "../domain/content-source.ts";
import {
  type ContentChange,
  type PublishedEntry,
  previewEntryForToken,
  publishedContent,
} from "./content/content.repository.ts";
import type { Db } from "./db/connect.ts";
import { pageCsp } from "./http/security-headers.ts";
import type { LiveSite } from "./site/live-site.ts";
import type { PublishedSnapshot } from "./site/publisher.ts";

/**
 * Wires the content studio to the live site (docs/decisions/031 and 033): the renderer reads
 * the published entries, and each publish, unpublish or delete renders what it touched.
 */

/** The published entries by content/ folder, as the loaders read them. */
export async function publishedSnapshot(
  db: Db,
  only?: readonly string[],
): Promise<PublishedSnapshot> {
  const types = only
    ? contentTypeNames.filter((type) => only.includes(contentTypes[type].folder))
    : undefined;
  const folders = new Map<string, SourceEntry[]>();
  for (const entry of await publishedContent(db, types)) {
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

/** Where an entry shows: its own page, or for a testimonial or a person, a page that shows it. */
function previewPath(entry: PublishedEntry): string {
  const { publicPath } = contentTypes[entry.type];
  if (publicPath) return publicPath(entry.slug);
  if (entry.type === "person") return "/about";
  const pages = Array.isArray(entry.data.pages) ? (entry.data.pages as string[]) : [];
  if (typeof entry.data.caseStudy === "string") return `/previous-work/${entry.data.caseStudy}`;
  return pages[0] && pages[0] !== "home" ? `/${pages[0]}` : "/";
}

/**
 * `/preview/{token}`: an entry's working copy through the production renderer, for a client or
 * a colleague without a login. Never indexed, never cached, never stored; the link lives 7
 * days and can be revoked (ADR 031).
 */
export async function previewRoutes(
  app: FastifyInstance,
  opts: { site: LiveSite | null; upgradeInsecure: boolean },
) {
  app.get<{ Params: { token: string } }>("/preview/:token", async (request, reply) => {
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.header("Cache-Control", "no-store");
    reply.header("Referrer-Policy", "no-referrer");
    const token = request.params.token;
    const entry = /^[A-Za-z0-9_-]{20,100}$/.test(token)
      ? await previewEntryForToken(app.db, token, app.clock())
      : null;
    if (!entry)
      return reply
        .code(404)
        .type("text/plain; charset=utf-8")
        .send("This preview link has expired or was revoked. Ask for a new one.");
    if (!opts.site)
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("Previews need a build with its renderer; run npm run build.");
    const snapshot = new Map(await publishedSnapshot(app.db));
    const { folder } = contentTypes[entry.type];
    const others = (snapshot.get(folder) ?? []).filter(
      (other) => !other.file.endsWith(`(entry ${entry.id})`),
    );
    snapshot.set(folder, [
      ...others,
      {
        slug: entry.slug,
        file: `${folder}/${entry.slug} (preview)`,
        data: entry.data,
        body: entry.body,
      },
    ]);
    const page = await opts.site.preview(previewPath(entry), snapshot);
    if (!page)
      return reply
        .code(422)
        .type("text/plain; charset=utf-8")
        .send(
          "This draft cannot be shown yet: a field is missing or not valid. Check it in the studio.",
        );
    reply.header(
      "Content-Security-Policy",
      pageCsp(page.scriptHashes, { upgradeInsecure: opts.upgradeInsecure, framedBySelf: true }),
    );
    return reply.type(page.contentType).send(page.body);
  });
}
