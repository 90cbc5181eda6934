import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { type ContentSource, installContentSource } from "../../domain/content-source.ts";
import { currentSite } from "../../domain/site.ts";
import {
  type CssPruner,
  createCssPruner,
  finishStaticPage,
  isStaticPage,
  stripModulePreload,
  type TextFontFace,
  textFontFile,
} from "./finish-page.ts";
import { inlineScriptHashes } from "./static-site.ts";

/**
 * Renders public pages after the build, through the build's own React Router server bundle
 * and the build's finishing steps (server/site/finish-page.ts), from whatever content source
 * is installed: the entries published in the database (docs/decisions/033).
 */

/** One page or file as it is served. */
export type RenderedPage = {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** The page's loader data, fingerprinted: equal data renders an equal page. */
  readonly dataHash: string;
  /** The content folders its loaders read. */
  readonly reads: readonly string[];
  /** Its inline scripts' SHA-256 hashes, for its Content-Security-Policy. */
  readonly scriptHashes: readonly string[];
};

/** What a path's loaders answer, fingerprinted, or null when the path is no page. */
export type DataCheck = { readonly dataHash: string; readonly reads: readonly string[] } | null;

export type PageRenderer = {
  /** The page at `path` as the build would have made it from `source`; null if none. */
  render(pagePath: string, source: ContentSource): Promise<RenderedPage | null>;
  /** The fingerprint of the page's loader data, without rendering it. */
  check(pagePath: string, source: ContentSource): Promise<DataCheck>;
  /** Runs `work` with `source` installed, between renders (it is process-wide). */
  inSource<T>(source: ContentSource, work: () => T): Promise<T>;
};

/** Serialises renders: the installed source is process-wide, so two renders must not overlap. */
function queue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** A source that records which folders were read through it. */
function recording(source: ContentSource) {
  const reads = new Set<string>();
  const wrapped: ContentSource = {
    get generation() {
      return source.generation;
    },
    now: () => source.now(),
    entries(folder) {
      reads.add(folder);
      return source.entries(folder);
    },
  };
  return { wrapped, reads };
}

/** The read every page makes: the site settings (domain/site.ts), not a content folder. */
export const settingsRead = "settings";

/** A fingerprint of a page's data, with the site settings it was rendered with. */
const hash = (data: Uint8Array | string) =>
  createHash("sha256")
    .update(data)
    .update(JSON.stringify(currentSite()))
    .digest("base64url")
    .slice(0, 22);

/** The single-fetch URL of a page's loader data ("/" → "/_root.data"). */
const dataUrl = (pagePath: string) => (pagePath === "/" ? "/_root.data" : `${pagePath}.data`);

export async function createPageRenderer(options: {
  /** The build folder (the one holding client/ and server/). */
  buildDir: string;
  /** The SITE_URL the build baked in: the origin the requests are made for. */
  siteUrl: string;
}): Promise<PageRenderer> {
  const { buildDir, siteUrl } = options;
  const serverBuild = (await import(
    pathToFileURL(path.join(buildDir, "server", "index.js")).href
  )) as ServerBuild;
  const font = JSON.parse(
    await readFile(path.join(buildDir, textFontFile), "utf8"),
  ) as TextFontFace;
  const pruner: CssPruner = createCssPruner(path.join(buildDir, "client"));
  const serial = queue();
  // React Router answers only the paths its build prerendered while `ssr` is false; a page
  // published after the build is one more such path, with the same code and the same output.
  // (The home page's data answers at "/_root.data", which it checks as "/_root".)
  const handlerFor = (pagePath: string) =>
    createRequestHandler(
      serverBuild.prerender.includes(pagePath) && pagePath !== "/"
        ? serverBuild
        : { ...serverBuild, prerender: [...serverBuild.prerender, pagePath, "/_root"] },
      "production",
    );
  const request = (pagePath: string, url: string) =>
    handlerFor(pagePath)(new Request(new URL(url, siteUrl)));

  async function withSource<T>(source: ContentSource, work: (s: ContentSource) => Promise<T>) {
    const { wrapped, reads } = recording(source);
    installContentSource(wrapped);
    try {
      // Every page shows the site settings (the footer at least): a change to them is a
      // change to every page, in what it reads and in its data's fingerprint.
      reads.add(settingsRead);
      return { value: await work(wrapped), reads: [...reads].sort() };
    } finally {
      installContentSource(null);
    }
  }

  return {
    inSource: (source, work) =>
      serial(async () => (await withSource(source, async () => work())).value),

    check: (pagePath, source) =>
      serial(async () => {
        const { value, reads } = await withSource(source, async () => {
          const response = await request(pagePath, dataUrl(pagePath));
          const body = new Uint8Array(await response.arrayBuffer());
          return response.status === 200 ? hash(body) : null;
        });
        return value === null ? null : { dataHash: value, reads };
      }),

    render: (pagePath, source) =>
      serial(async () => {
        const { value, reads } = await withSource(source, async () => {
          const response = await request(pagePath, pagePath);
          if (response.status !== 200) return null;
          const declared = response.headers.get("Content-Type") ?? "text/html";
          // As the build's pages are served (by file name), with their character set named.
          const contentType = declared.startsWith("text/html")
            ? "text/html; charset=utf-8"
            : declared;
          if (!contentType.startsWith("text/html"))
            return { contentType, text: await response.text(), dataHash: "" };
          const html = stripModulePreload(await response.text());
          const data = await request(pagePath, dataUrl(pagePath));
          const dataHash = hash(new Uint8Array(await data.arrayBuffer()));
          // Only pages that never hydrate are rendered here; the rest are the build's own.
          if (!isStaticPage(html)) return null;
          return { contentType, text: await finishStaticPage(html, pruner, font), dataHash };
        });
        if (!value) return null;
        const body = Buffer.from(value.text, "utf8");
        return {
          path: pagePath,
          contentType: value.contentType,
          body,
          // Feeds have no loader data of their own to compare: their bytes are the fingerprint.
          dataHash: value.dataHash || hash(body),
          reads,
          scriptHashes: value.contentType.startsWith("text/html")
            ? inlineScriptHashes(value.text)
            : [],
        };
      }),
  };
}
