/**
 * The brand's generated files, written into the built client directory by scripts/postbuild.ts:
 * favicon.svg, apple-touch-icon.png (180 × 180) and one share image per public page,
 * og/<slug>.png (1200 × 630) with the page's own title. All are drawn from the one mark in
 * domain/brand-mark.ts and set in Manrope (docs/decisions/015).
 *
 * The title on a share image is the page's og:title as the prerender wrote it, so it is the
 * title the page declares through pageMeta (app/seo.ts), never a second copy.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { type Font } from "satori";
import { brandColors, brandMark, brandMarkElements, faviconSvg } from "../domain/brand-mark.ts";
import { shareImagePath, shareImageSize } from "../domain/share-image.ts";
import { type SiteSettings, site } from "../domain/site.ts";

/**
 * What a share image shows: the page's title, and the studio's name as the page names it
 * (og:site_name, from the owner's settings when it was rendered); the built-in name without.
 */
export type SharePage = { readonly path: string; readonly title: string; readonly studio?: string };

export const touchIconSize = 180;
const svgNs = "http://www.w3.org/2000/svg";
/** The display type's colour on ink, and the quiet type beside it (--color-muted-light). */
const mutedOnInk = "#a4afba";

/** The mark alone as an SVG document, in the given line colour, for the raster images. */
function markSvg(ink: string, frame?: { background: string; scale: number }): string {
  if (!frame)
    return `<svg xmlns="${svgNs}" viewBox="${brandMark.viewBox}">${brandMarkElements(ink)}</svg>`;
  // The mark centred on a solid square: `scale` is the share of the square the 32-unit box takes.
  const size = 32 / frame.scale;
  const offset = (size - 32) / 2;
  return (
    `<svg xmlns="${svgNs}" viewBox="${-offset} ${-offset} ${size} ${size}">` +
    `<rect x="${-offset}" y="${-offset}" width="${size}" height="${size}" fill="${frame.background}"/>` +
    `${brandMarkElements(ink)}</svg>`
  );
}

const require = createRequire(import.meta.url);
let wasmReady: Promise<void> | undefined;
let fontsReady: Promise<Font[]> | undefined;

/** resvg's WebAssembly is initialised once per process, however often assets are made. */
function rasteriser(): Promise<void> {
  wasmReady ??= readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")).then(initWasm);
  return wasmReady;
}

/** Manrope from @fontsource/manrope (satori reads woff, not woff2), read once. */
function fonts(): Promise<Font[]> {
  const file = (subset: string, weight: number) =>
    require.resolve(`@fontsource/manrope/files/manrope-${subset}-${weight}-normal.woff`);
  const load = async (subset: string, weight: 500 | 700): Promise<Font> => ({
    name: "Manrope",
    weight,
    style: "normal",
    data: await readFile(file(subset, weight)),
  });
  fontsReady ??= Promise.all([
    load("latin", 700),
    load("latin", 500),
    load("latin-ext", 700),
    load("latin-ext", 500),
  ]);
  return fontsReady;
}

function png(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: width } });
  const image = resvg.render();
  const data = Buffer.from(image.asPng());
  image.free();
  resvg.free();
  return data;
}

/** The words for the image: the home page's title names the brand, which the image already shows. */
export function shareTitle(title: string): string {
  return title.replace(new RegExp(`^${site.name}\\s+[—–-]\\s+`), "").trim();
}

/** The section a page belongs to, under the horizon ("Journal", "Guide", …), if any. */
function sectionOf(pagePath: string): string {
  if (pagePath.startsWith("/secret/blog/blog/")) return "Journal";
  if (pagePath.startsWith("/guides/")) return "Guide";
  if (pagePath.startsWith("/previous-work/")) return "Case study";
  if (pagePath.startsWith("/events/")) return "Event";
  return "";
}

/**
 * Display size by length, so every title fits in at most three lines of the 1040 px measure
 * (the longest page titles are about 60 characters; a 100-character one still takes three).
 */
function titleSize(title: string): number {
  if (title.length <= 24) return 104;
  if (title.length <= 64) return 80;
  if (title.length <= 100) return 64;
  return 52;
}

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

/**
 * The words a share card shows: the page's title and the studio's name as the page gives
 * them, its section (or the studio's place) and the studio's domain from `studio`, the
 * settings now unless told (a build draws with the built-in ones).
 */
function cardWords(page: SharePage, studio: SiteSettings = site) {
  return {
    studio: page.studio ?? studio.name,
    title: shareTitle(page.title),
    footnote: sectionOf(page.path) || `Web studio · ${studio.place}`,
    domain: studio.email.split("@")[1] ?? "",
  };
}

/** A fingerprint of what a page's share card shows: the card is drawn again when it changes. */
export const shareCardFingerprint = (page: SharePage, studio: SiteSettings = site) =>
  createHash("sha256")
    .update(JSON.stringify(cardWords(page, studio)))
    .digest("base64url");

function shareCard(page: SharePage): Node {
  const { width, height } = shareImageSize;
  const { studio, title, footnote, domain } = cardWords(page);
  const size = titleSize(title);
  const mark = `data:image/svg+xml;base64,${Buffer.from(markSvg(brandColors.paper)).toString("base64")}`;
  const margin = 80;
  return el(
    "div",
    {
      // satori sizes the content box: the padding comes on top.
      width: width - 2 * margin,
      height: height - (margin - 8) - (margin - 16),
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: `${margin - 8}px ${margin}px ${margin - 16}px`,
      backgroundColor: brandColors.ink,
      color: brandColors.paper,
      fontFamily: "Manrope",
    },
    // The signature: the mark and the name, as in the site's bar.
    el(
      "div",
      { display: "flex", alignItems: "center", gap: 16 },
      { type: "img", props: { src: mark, width: 52, height: 52 } },
      el("div", { fontSize: 32, fontWeight: 700, letterSpacing: "-0.02em", lineHeight: 1 }, studio),
    ),
    el(
      "div",
      { display: "flex", flexDirection: "column" },
      el(
        "div",
        {
          display: "flex",
          fontSize: size,
          fontWeight: 700,
          lineHeight: 1.04,
          letterSpacing: "-0.035em",
          textWrap: "balance",
          maxWidth: width - 2 * margin,
        },
        title,
      ),
      // The horizon the mark's F rests on, with its dot, under the title.
      el(
        "div",
        { display: "flex", alignItems: "center", marginTop: 48 },
        el("div", { flexGrow: 1, height: 2, backgroundColor: brandColors.accent }),
        el("div", {
          width: 14,
          height: 14,
          marginLeft: 16,
          borderRadius: 7,
          backgroundColor: brandColors.accent,
        }),
      ),
      el(
        "div",
        {
          display: "flex",
          justifyContent: "space-between",
          marginTop: 20,
          fontSize: 24,
          fontWeight: 500,
          color: mutedOnInk,
          letterSpacing: "-0.01em",
        },
        el("div", {}, footnote),
        el("div", { color: brandColors.paper }, domain),
      ),
    ),
  );
}

/** One page's share image as PNG bytes. */
export async function shareImagePng(page: SharePage): Promise<Buffer> {
  const [, loaded] = await Promise.all([rasteriser(), fonts()]);
  const svg = await satori(shareCard(page) as never, { ...shareImageSize, fonts: loaded });
  return png(svg, shareImageSize.width);
}

/** The touch icon: the paper mark on ink, no transparency (iOS would fill it black). */
export async function touchIconPng(): Promise<Buffer> {
  await rasteriser();
  return png(
    markSvg(brandColors.paper, { background: brandColors.ink, scale: 0.62 }),
    touchIconSize,
  );
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, "&");

function metaContent(html: string, property: string): string | undefined {
  const tag = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html);
  return tag?.[1] === undefined ? undefined : decodeEntities(tag[1]);
}

/**
 * A page's share image subject from its HTML (og:url, og:title and og:site_name), or null
 * without the first two.
 */
export function sharePageOf(html: string): SharePage | null {
  const url = metaContent(html, "og:url");
  const title = metaContent(html, "og:title");
  if (!url || !title) return null;
  const studio = metaContent(html, "og:site_name");
  return { path: new URL(url).pathname, title, ...(studio ? { studio } : {}) };
}

/**
 * The share images the prerendered pages ask for: each page's canonical path (og:url) and
 * og:title, read from its HTML; pages that share a canonical ("/" and "/home") share an image.
 * A page without them fails the build rather than go out without its picture.
 */
export async function sharePagesFromBuild(
  clientDir: string,
  pagePaths: readonly string[],
): Promise<SharePage[]> {
  const pages = new Map<string, SharePage>();
  for (const pagePath of pagePaths) {
    const file = path.join(clientDir, pagePath === "/" ? "" : pagePath, "index.html");
    const page = sharePageOf(await readFile(file, "utf8"));
    if (!page) throw new Error(`${file}: no og:url or og:title for its share image`);
    pages.set(page.path, page);
  }
  return [...pages.values()];
}

export type BrandAssetsReport = {
  readonly files: readonly { readonly file: string; readonly bytes: number }[];
  readonly shareImages: number;
  readonly ms: number;
};

/** Writes favicon.svg, apple-touch-icon.png and og/<slug>.png for each page into `outDir`. */
export async function writeBrandAssets(
  outDir: string,
  pages: readonly SharePage[],
): Promise<BrandAssetsReport> {
  const started = performance.now();
  const files: { file: string; bytes: number }[] = [];
  const write = async (rel: string, data: string | Buffer) => {
    const file = path.join(outDir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    files.push({ file: rel, bytes: Buffer.byteLength(data) });
  };
  await write("favicon.svg", faviconSvg());
  await write("apple-touch-icon.png", await touchIconPng());
  // satori lays out asynchronously but resvg renders synchronously: one after another is as
  // fast as any interleaving on one thread, and keeps memory flat.
  for (const page of pages) {
    await write(shareImagePath(page.path).slice(1), await shareImagePng(page));
  }
  return { files, shareImages: pages.length, ms: performance.now() - started };
}
