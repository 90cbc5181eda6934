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
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Beasties from "beasties";
import { eventCatalogEntries } from "../app/content/event-catalog.server.ts";
import { listPublicPages } from "../app/content/public-paths.server.ts";
import { eventCatalogFile } from "../domain/events.ts";
import { formMessageClass } from "../domain/form-message.ts";
import { parseSiteUrl, siteUrlProblem } from "../domain/site-url.ts";
import { sharePagesFromBuild, writeBrandAssets } from "./brand-assets.ts";
import type { BuildInfo } from "./build-info.ts";
import { buildDirectory } from "./build-paths.ts";
import { cutTextFont, pageCharacters, textFontFace } from "./text-font.ts";

const clientDir = path.resolve(buildDirectory(), "client");
const compressible = /\.(html|js|mjs|css|svg|xml|txt|json|data|webmanifest)$/;
const minBytes = 512;

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

// The page is already complete HTML; hydration can wait a round trip. Preloading ~120 KB of
// modules at high priority competed with the document's own paint on slow connections.
const modulePreload = /<link rel="modulepreload" href="[^"]*"\/>/g;
for (const file of walk(clientDir)) {
  if (!file.endsWith(".html")) continue;
  const html = readFileSync(file, "utf8");
  const stripped = html.replace(modulePreload, "");
  if (stripped !== html) writeFileSync(file, stripped);
}

/**
 * Each static page keeps only the CSS its own markup uses (ADR 014): the one stylesheet holds
 * every screen's classes, the admin's included, and was two thirds of a page's bytes. Rules
 * for states the markup gains later stay whatever the page shows: set by the frame script
 * (the bar's data-hidden, reveals, the open menu, the current step), by the boot script
 * (html[data-reveal]), or by the islands (the contact form's messages, a disabled button;
 * the booking picker).
 * Pages that hydrate the app (the account screens, the SPA fallback) keep the whole sheet,
 * since React renders anything there, and the hydrated root reads it from the page.
 */
/** A class as its selector appears in the stylesheet (".py-1\\.5"), as a pattern. */
const classRule = (name: string) =>
  new RegExp(`\\.${name.replace(/[^\w-]/g, (c) => `\\\\\\${c}`)}(?![\\w-])`);
const keepRules = [
  // The island's messages, which no prerendered page shows.
  ...`${formMessageClass.success} ${formMessageClass.error}`.split(/\s+/).map(classRule),
  /data-hidden/,
  /data-reveal/,
  /is-visible/,
  /\bopen\b|\[open\]|backdrop/,
  /aria-current/,
  /aria-disabled|disabled|cursor-progress/,
  /error|success/,
  /aria-invalid/,
  // The booking island builds its picker and answers from its own classes (app.css).
  /\.booking-/,
  // Beasties cannot match through functional pseudo-classes (Tailwind's space-y, divide,
  // group and peer variants): keep those rules rather than lose list spacing.
  /:where\(|:is\(|:not\(|:has\(/,
];
const beasties = new Beasties({
  path: clientDir,
  external: false,
  reduceInlineStyles: true,
  // The page preloads Manrope itself; its @font-face rules are set aside below.
  inlineFonts: false,
  preloadFonts: false,
  mergeStylesheets: false,
  compress: true,
  allowRules: keepRules,
  logLevel: "silent",
});
let cssBefore = 0;
let cssAfter = 0;
const appCss = /<style id="app-css">([\s\S]*?)<\/style>/;
const fontFacesStyle = /(<style>@font-face[\s\S]*?)(<\/style>)/;
/** One @font-face rule: its block holds declarations only, no nested braces. */
const fontFaceRule = /@font-face\s*\{[^}]*\}/g;
/** Only pages without the app's scripts: those are the ones that never hydrate. */
const isStaticPage = (html: string) =>
  !html.includes("window.__reactRouterContext") && appCss.test(html);
/** Each static page's HTML as this script leaves it, written once at the end of its work. */
const staticPages = new Map<string, string>();
for (const file of walk(clientDir)) {
  if (!file.endsWith(".html")) continue;
  const html = readFileSync(file, "utf8");
  if (!isStaticPage(html)) continue;
  // The @font-face rules sit in a <style> of their own, which Beasties would drop (it keeps
  // fonts only when a rule in the same sheet uses them): set aside and put back unchanged.
  const fonts = fontFacesStyle.exec(html)?.[0] ?? "";
  // The stylesheet's own @font-face (the metric-matched "Manrope Fallback", named only through
  // --font-sans) would go the same way, and the swap to Manrope on a slow phone would then
  // move the text: set aside too, and put back at the head of the pruned stylesheet.
  const sheetFaces = (appCss.exec(html)?.[1] ?? "").match(fontFaceRule) ?? [];
  const processed = await beasties.process(
    (fonts ? html.replace(fonts, "<!--fonts-->") : html).replace(
      appCss,
      (_, css: string) => `<style id="app-css">${css.replace(fontFaceRule, "")}</style>`,
    ),
  );
  // Beasties marks the document it parsed; the mark means nothing to a browser.
  const out = processed
    .replace(" data-beasties-container", "")
    .replace("<!--fonts-->", fonts)
    .replace('<style id="app-css">', `<style id="app-css">${sheetFaces.join("")}`);
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
const latinPreload =
  /<link rel="preload" href="(\/assets\/manrope-latin-wght-normal-[\w-]+\.woff2)"/;
const pageChars = new Set<string>();
for (const html of staticPages.values()) {
  for (const c of pageCharacters(html)) pageChars.add(c);
}
const latinHref = latinPreload.exec([...staticPages.values()][0] ?? "")?.[1];
if (!latinHref) throw new Error("postbuild: no preloaded Manrope Latin file on the static pages");
const latinFont = readFileSync(path.join(clientDir, latinHref));
const textFont = await cutTextFont(latinFont, pageChars);
const textFontUrl = `/assets/${textFont.fileName}`;
writeFileSync(path.join(clientDir, textFontUrl), textFont.data);
for (const [file, html] of staticPages) {
  if (!fontFacesStyle.test(html) || !latinPreload.test(html)) {
    throw new Error(
      `postbuild: ${path.relative(clientDir, file)} lost its @font-face or font preload`,
    );
  }
  writeFileSync(
    file,
    html
      .replace(
        fontFacesStyle,
        (_, faces: string, end: string) => `${faces}${textFontFace(textFontUrl, textFont)}${end}`,
      )
      .replace(latinPreload, `<link rel="preload" href="${textFontUrl}"`),
  );
}
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
  if (!compressible.test(file) || statSync(file).size < minBytes) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  files += 1;
  rawBytes += data.length;
  brBytes += Math.min(br.length, data.length);
}

const siteUrl = parseSiteUrl(process.env.SITE_URL);
if ("error" in siteUrl) throw new Error(siteUrlProblem(siteUrl.error, process.env.SITE_URL));
const info: BuildInfo = {
  siteUrl: siteUrl.url,
  builtAt: new Date().toISOString(),
  buildTime: process.env.BUILD_TIME || null,
};
writeFileSync(path.join(buildDirectory(), "build-info.json"), `${JSON.stringify(info, null, 2)}\n`);
// The events the server takes registrations for (ADR 026), beside the site, not in it.
writeFileSync(
  path.join(buildDirectory(), eventCatalogFile),
  `${JSON.stringify(eventCatalogEntries(siteUrl.url), null, 2)}\n`,
);

console.log(
  `postbuild: precompressed ${files} files, ${(rawBytes / 1024).toFixed(0)} KiB → ${(brBytes / 1024).toFixed(0)} KiB brotli; site URL ${info.siteUrl}`,
);
