import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import Beasties from "beasties";
import { formMessageClass } from "../../domain/form-message.ts";

/**
 * What turns React Router's HTML for a public page into the page that is served, shared by
 * the build (scripts/postbuild.ts) and the pages rendered when content is published
 * (docs/decisions/033): one code path, so a page published at noon is the same page a build
 * would have made.
 */

// The page is already complete HTML; hydration can wait a round trip. Preloading ~120 KB of
// modules at high priority competed with the document's own paint on slow connections (ADR 005).
const modulePreload = /<link rel="modulepreload" href="[^"]*"\/>/g;

export const stripModulePreload = (html: string) => html.replace(modulePreload, "");

/**
 * Each static page keeps only the CSS its own markup uses (ADR 014): the one stylesheet holds
 * every screen's classes, the admin's included, and was two thirds of a page's bytes. Rules
 * for states the markup gains later stay whatever the page shows: set by the frame script
 * (the bar's data-hidden, reveals, the open menu, the current step), by the boot script
 * (html[data-reveal]), or by the islands (the contact form's messages, a disabled button;
 * the booking picker).
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

export function createCssPruner(clientDir: string) {
  return new Beasties({
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
}
export type CssPruner = ReturnType<typeof createCssPruner>;

export const appCss = /<style id="app-css">([\s\S]*?)<\/style>/;
export const fontFacesStyle = /(<style>@font-face[\s\S]*?)(<\/style>)/;
/** One @font-face rule: its block holds declarations only, no nested braces. */
const fontFaceRule = /@font-face\s*\{[^}]*\}/g;

/** Only pages without the app's scripts: those are the ones that never hydrate. */
export const isStaticPage = (html: string) =>
  !html.includes("window.__reactRouterContext") && appCss.test(html);

/** The static page with its stylesheet cut to the rules its markup uses. */
export async function pruneCss(pruner: CssPruner, html: string): Promise<string> {
  // The @font-face rules sit in a <style> of their own, which Beasties would drop (it keeps
  // fonts only when a rule in the same sheet uses them): set aside and put back unchanged.
  const fonts = fontFacesStyle.exec(html)?.[0] ?? "";
  // The stylesheet's own @font-face (the metric-matched "Manrope Fallback", named only through
  // --font-sans) would go the same way, and the swap to Manrope on a slow phone would then
  // move the text: set aside too, and put back at the head of the pruned stylesheet.
  const sheetFaces = (appCss.exec(html)?.[1] ?? "").match(fontFaceRule) ?? [];
  const processed = await pruner.process(
    (fonts ? html.replace(fonts, "<!--fonts-->") : html).replace(
      appCss,
      (_, css: string) => `<style id="app-css">${css.replace(fontFaceRule, "")}</style>`,
    ),
  );
  // Beasties marks the document it parsed; the mark means nothing to a browser.
  return processed
    .replace(" data-beasties-container", "")
    .replace("<!--fonts-->", fonts)
    .replace('<style id="app-css">', `<style id="app-css">${sheetFaces.join("")}`);
}

/** The static pages' cut of Manrope (docs/decisions/018), as the build made it. */
export type TextFontFace = {
  /** `/assets/manrope-text-….woff2` */
  readonly url: string;
  /** Its @font-face rule, with the unicode-range of the characters it holds. */
  readonly face: string;
};

const latinPreload =
  /<link rel="preload" href="(\/assets\/manrope-latin-wght-normal-[\w-]+\.woff2)"/;

export const preloadedLatinFont = (html: string) => latinPreload.exec(html)?.[1];

/**
 * The cut declared after the full faces and preloaded instead of the full Latin file. A page
 * showing a character outside the cut still gets it from the full face (unicode-range).
 */
export function applyTextFont(html: string, font: TextFontFace): string {
  if (!fontFacesStyle.test(html) || !latinPreload.test(html))
    throw new Error("finish-page: the page lost its @font-face or font preload");
  return html
    .replace(fontFacesStyle, (_, faces: string, end: string) => `${faces}${font.face}${end}`)
    .replace(latinPreload, `<link rel="preload" href="${font.url}"`);
}

/** A static page as React Router rendered it → the page that is served. */
export async function finishStaticPage(
  html: string,
  pruner: CssPruner,
  font: TextFontFace,
): Promise<string> {
  const stripped = stripModulePreload(html);
  if (!isStaticPage(stripped)) throw new Error("finish-page: not a static page");
  return applyTextFont(await pruneCss(pruner, stripped), font);
}

export const compressible = /\.(html|js|mjs|css|svg|xml|txt|json|data|webmanifest)$/;
/** Below this, compression costs more than it saves. */
export const minCompressBytes = 512;

/** Brotli (quality 11) and gzip (level 9), each only when smaller than the original. */
const brotliOptions = (data: Buffer, quality = 11) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  },
});
const smaller = (data: Buffer, br: Buffer, gz: Buffer) => ({
  br: br.length < data.length ? br : null,
  gz: gz.length < data.length ? gz : null,
});

export function precompress(data: Buffer): { br: Buffer | null; gz: Buffer | null } {
  if (data.length < minCompressBytes) return { br: null, gz: null };
  return smaller(data, brotliCompressSync(data, brotliOptions(data)), gzipSync(data, { level: 9 }));
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `precompress` off the main thread, on libuv's pool: a publish compresses its pages (a
 * journal index, the feed, the sitemap) side by side on every core, and the server goes on
 * answering meanwhile. At brotli 11, the same bytes as `precompress`; brotli 11 takes about
 * ten times as long as 5 for a few percent fewer bytes, which a publish need not wait for.
 */
export async function precompressAsync(
  data: Buffer,
  quality: 5 | 11 = 11,
): Promise<{ br: Buffer | null; gz: Buffer | null }> {
  if (data.length < minCompressBytes) return { br: null, gz: null };
  const [br, gz] = await Promise.all([
    brotliAsync(data, brotliOptions(data, quality)),
    gzipAsync(data, { level: quality === 11 ? 9 : 6 }),
  ]);
  return smaller(data, br, gz);
}

/** Where the build records its text font for the pages rendered after it (beside client/). */
export const textFontFile = "text-font.json";

/** Where the build records the fingerprint of the content it rendered (beside client/). */
export const contentFingerprintFile = "content-fingerprint.json";
