/**
 * After `react-router build`: drop modulepreload hints from the prerendered HTML (see
 * docs/decisions/005), prune each static page's stylesheet to what it uses, give the static
 * pages their own cut of the font (scripts/text-font.ts, docs/decisions/018), write the brand's
 * generated files (favicon, touch icon, one share image per public page: scripts/brand-assets.ts,
 * docs/decisions/015), precompress text files (brotli and gzip, served by @fastify/static's
 * preCompressed), drop the .data files of prerendered resource routes (nothing requests them),
 * stamp the build with the SITE_URL it baked in, and write the event catalog the server takes
 * registrations from (ADR 026).
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eventCatalogEntries } from "../app/content/event-catalog.server.ts";
import { markdownSource } from "../app/content/markdown-source.server.ts";
import { listPublicPages } from "../app/content/public-paths.server.ts";
import { contentFingerprint } from "../domain/content-pages.ts";
import { eventCatalogFile } from "../domain/events.ts";
import { parseSiteUrl, siteUrlProblem } from "../domain/site-url.ts";
import {
  appCss,
  applyTextFont,
  compressible,
  contentFingerprintFile,
  createCssPruner,
  isStaticPage,
  minCompressBytes,
  precompress,
  preloadedLatinFont,
  pruneCss,
  stripModulePreload,
  type TextFontFace,
  textFontFile,
} from "../server/site/finish-page.ts";
import { sharePagesFromBuild, writeBrandAssets } from "./brand-assets.ts";
import type { BuildInfo } from "./build-info.ts";
import { buildDirectory } from "./build-paths.ts";
import { cutTextFont, pageCharacters, textFontFace } from "./text-font.ts";

const clientDir = path.resolve(buildDirectory(), "client");

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

for (const feed of ["sitemap.xml.data", "robots.txt.data", "secret/blog/rss.xml.data"]) {
  rmSync(path.join(clientDir, feed), { force: true });
}

for (const file of walk(clientDir)) {
  if (!file.endsWith(".html")) continue;
  const html = readFileSync(file, "utf8");
  const stripped = stripModulePreload(html);
  if (stripped !== html) writeFileSync(file, stripped);
}

/*
 * Each static page keeps only the CSS its own markup uses (server/site/finish-page.ts). Pages
 * that hydrate the app (the account screens, the SPA fallback) keep the whole sheet, since
 * React renders anything there, and the hydrated root reads it from the page.
 */
const pruner = createCssPruner(clientDir);
let cssBefore = 0;
let cssAfter = 0;
/** Each static page's HTML as this script leaves it, written once at the end of its work. */
const staticPages = new Map<string, string>();
for (const file of walk(clientDir)) {
  if (!file.endsWith(".html")) continue;
  const html = readFileSync(file, "utf8");
  if (!isStaticPage(html)) continue;
  const out = await pruneCss(pruner, html);
  cssBefore += appCss.exec(html)?.[1]?.length ?? 0;
  cssAfter += appCss.exec(out)?.[1]?.length ?? 0;
  staticPages.set(file, out);
}
const pruned = staticPages.size;
console.log(
  `postbuild: pruned the stylesheet on ${pruned} static pages, ${(cssBefore / pruned / 1024).toFixed(1)} → ${(cssAfter / pruned / 1024).toFixed(1)} KiB each on average`,
);

/*
 * The static pages' cut of Manrope (scripts/text-font.ts): made from the characters they
 * show, declared after the full faces and preloaded instead of the full Latin file. The
 * client-rendered screens keep the full faces: they show whatever a lead typed.
 */
const pageChars = new Set<string>();
for (const html of staticPages.values()) {
  for (const c of pageCharacters(html)) pageChars.add(c);
}
const latinHref = preloadedLatinFont([...staticPages.values()][0] ?? "");
if (!latinHref) throw new Error("postbuild: no preloaded Manrope Latin file on the static pages");
const latinFont = readFileSync(path.join(clientDir, latinHref));
const textFont = await cutTextFont(latinFont, pageChars);
const textFontUrl = `/assets/${textFont.fileName}`;
writeFileSync(path.join(clientDir, textFontUrl), textFont.data);
const face: TextFontFace = { url: textFontUrl, face: textFontFace(textFontUrl, textFont) };
for (const [file, html] of staticPages) {
  try {
    writeFileSync(file, applyTextFont(html, face));
  } catch (error) {
    throw new Error(`postbuild: ${path.relative(clientDir, file)}: ${(error as Error).message}`);
  }
}
// Pages rendered when content is published get the same cut (server/site/page-renderer.ts).
writeFileSync(path.join(buildDirectory(), textFontFile), `${JSON.stringify(face, null, 2)}\n`);
console.log(
  `postbuild: the static pages' font, ${textFont.characters.length} characters, ${(textFont.data.length / 1024).toFixed(1)} KiB (the full Latin file: ${(latinFont.length / 1024).toFixed(1)} KiB)`,
);

// Before precompression, so the favicon gets its .br and .gz twins like every other SVG.
const brand = await writeBrandAssets(
  clientDir,
  await sharePagesFromBuild(
    clientDir,
    listPublicPages().map((p) => p.path),
  ),
);
const brandKiB = brand.files.reduce((sum, f) => sum + f.bytes, 0) / 1024;
console.log(
  `brand assets: favicon, touch icon and ${brand.shareImages} share images (${brandKiB.toFixed(0)} KiB), ${(brand.ms / 1000).toFixed(1)} s`,
);

let files = 0;
let rawBytes = 0;
let brBytes = 0;
for (const file of walk(clientDir)) {
  if (!compressible.test(file) || statSync(file).size < minCompressBytes) continue;
  const data = readFileSync(file);
  const { br, gz } = precompress(data);
  if (br) writeFileSync(`${file}.br`, br);
  if (gz) writeFileSync(`${file}.gz`, gz);
  files += 1;
  rawBytes += data.length;
  brBytes += br?.length ?? data.length;
}

const siteUrl = parseSiteUrl(process.env.SITE_URL);
if ("error" in siteUrl) throw new Error(siteUrlProblem(siteUrl.error, process.env.SITE_URL));
const info: BuildInfo = {
  siteUrl: siteUrl.url,
  builtAt: new Date().toISOString(),
  buildTime: process.env.BUILD_TIME || null,
};
writeFileSync(path.join(buildDirectory(), "build-info.json"), `${JSON.stringify(info, null, 2)}\n`);
// What the pages were rendered from: a server whose database holds the same renders nothing
// at start (docs/decisions/033).
const markdown = markdownSource(path.resolve("content"), () => Date.now());
writeFileSync(
  path.join(buildDirectory(), contentFingerprintFile),
  `${JSON.stringify({ fingerprint: await contentFingerprint((f) => markdown.entries(f)) })}\n`,
);
// The events the server takes registrations for (ADR 026), beside the site, not in it.
writeFileSync(
  path.join(buildDirectory(), eventCatalogFile),
  `${JSON.stringify(eventCatalogEntries(siteUrl.url), null, 2)}\n`,
);

console.log(
  `postbuild: precompressed ${files} files, ${(rawBytes / 1024).toFixed(0)} KiB → ${(brBytes / 1024).toFixed(0)} KiB brotli; site URL ${info.siteUrl}`,
);
