import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * What the build produced, indexed once at start-up: every servable file, and for each
 * HTML page the SHA-256 hashes of its inline scripts (for a strict per-page CSP).
 */
export type SiteFiles = {
  readonly root: string;
  /** URL paths of files, e.g. "/assets/root-abc123.js", "/about/index.html". */
  readonly files: ReadonlySet<string>;
  readonly scriptHashes: ReadonlyMap<string, readonly string[]>;
};

export const spaFallbackFile = "/__spa-fallback.html";
const compressedSuffix = /\.(br|gz)$/;

async function walk(dir: string, base = ""): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const rel = `${base}/${entry.name}`;
      return entry.isDirectory() ? walk(path.join(dir, entry.name), rel) : Promise.resolve([rel]);
    }),
  );
  return nested.flat();
}

/** Inline <script> bodies (no src) that the browser would execute. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/.test(attributes) || body.length === 0) continue;
    const type = /\btype\s*=\s*"?([^"\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) never run; speculation rules are checked against script-src.
    if (type && type !== "module" && type !== "text/javascript" && type !== "speculationrules")
      continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

export async function indexSiteFiles(clientDir: string): Promise<SiteFiles> {
  const all = await walk(clientDir);
  const files = new Set(all.filter((f) => !compressedSuffix.test(f)));
  const scriptHashes = new Map<string, string[]>();
  await Promise.all(
    [...files]
      .filter((f) => f.endsWith(".html"))
      .map(async (f) => {
        scriptHashes.set(f, inlineScriptHashes(await readFile(path.join(clientDir, f), "utf8")));
      }),
  );
  return { root: clientDir, files, scriptHashes };
}

/** The prerendered page for a clean URL path ("/about" → "/about/index.html"), if any. */
export function pageFileFor(site: SiteFiles, pathname: string): string | null {
  const file = pathname === "/" ? "/index.html" : `${pathname}/index.html`;
  return site.files.has(file) ? file : null;
}

/**
 * Cache policy: content-hashed assets are immutable for a year; pages, route data and
 * feeds revalidate on every visit (ETag/Last-Modified make that a cheap 304); other
 * public files (logos, icons, share image) keep for a day.
 */
export function cacheControlFor(file: string): string {
  if (file.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (/\.(html|data|xml|txt|json)$/.test(file)) return "public, max-age=0, must-revalidate";
  return "public, max-age=86400";
}
