import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublicPages } from "../app/content/public-paths.server.ts";
import { brandColors, brandMark, faviconDataUrl, faviconSvg } from "../domain/brand-mark.ts";
import { shareImagePath, shareImageSlug } from "../domain/share-image.ts";
import { builtInSite } from "../domain/site.ts";
import {
  type BrandAssetsReport,
  type SharePage,
  shareCardFingerprint,
  sharePageOf,
  sharePagesFromBuild,
  writeBrandAssets,
} from "./brand-assets.ts";

type Png = { width: number; height: number; colorType: number; pixels: Buffer };

/** Reads a PNG's IHDR and, for 8-bit RGB(A), its unfiltered pixels. */
function readPng(data: Buffer): Png {
  expect(data.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  let offset = 8;
  let header: Omit<Png, "pixels"> | undefined;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString("ascii", offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      expect(body[8], "bit depth").toBe(8);
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        colorType: body[9] ?? 0,
      };
    }
    if (type === "IDAT") idat.push(body);
    offset += 12 + length;
  }
  if (!header) throw new Error("no IHDR");
  const channels = header.colorType === 6 ? 4 : 3;
  const stride = header.width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = Buffer.alloc(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter ?? 0] ?? 0;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { ...header, pixels };
}

const isOpaque = (png: Png) =>
  png.colorType !== 6 || png.pixels.every((value, i) => i % 4 !== 3 || value === 255);

const canonicalOf = (pagePath: string) => (pagePath === "/home" ? "/" : pagePath);
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("brand assets (scripts/brand-assets.ts)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "fineline-brand-"));
  const clientDir = path.join(root, "client");
  const outDir = path.join(root, "out");
  const pagePaths = listPublicPages().map((p) => p.path);
  const longest =
    "A title far longer than any page has today, to prove it wraps and never runs off";
  let pages: SharePage[];
  let report: BrandAssetsReport;

  beforeAll(async () => {
    // A stand-in for the prerendered pages: each names its canonical URL and its title, as
    // pageMeta writes them (React escapes &, " and ' in attributes).
    for (const pagePath of pagePaths) {
      const dir = path.join(clientDir, pagePath === "/" ? "" : pagePath);
      mkdirSync(dir, { recursive: true });
      const title = `Page ${pagePath} & "friends"`;
      writeFileSync(
        path.join(dir, "index.html"),
        `<!doctype html><html><head><meta property="og:title" content="${escapeHtml(title)}"/><meta property="og:url" content="https://fineline.example${canonicalOf(pagePath)}"/></head><body></body></html>`,
      );
    }
    pages = await sharePagesFromBuild(clientDir, pagePaths);
    report = await writeBrandAssets(outDir, [...pages, { path: "/zz-longest", title: longest }]);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps the brand colours equal to the theme tokens in app/app.css", () => {
    const css = readFileSync("app/app.css", "utf8");
    for (const [name, value] of Object.entries(brandColors)) {
      expect(css).toMatch(new RegExp(`--color-${name}:\\s*${value};`, "i"));
    }
  });

  it("writes a favicon drawn from the one mark, with the accent dot and a dark variant", () => {
    const svg = readFileSync(path.join(outDir, "favicon.svg"), "utf8");
    expect(svg).toBe(faviconSvg());
    expect(svg).toContain(`d="${brandMark.path}"`);
    const { cx, cy } = brandMark.dot;
    expect(svg).toMatch(
      new RegExp(`<circle cx="${cx}" cy="${cy}" r="[\\d.]+" fill="${brandColors.accent}"/>`),
    );
    expect(svg).toContain("prefers-color-scheme:dark");
  });

  it("inlines the same favicon as a data: URL that needs no entity in an HTML attribute", () => {
    const url = faviconDataUrl();
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    const body = url.slice("data:image/svg+xml,".length);
    // Only URL code points, raw or escaped: a raw "#" would end the URL at a fragment, a raw
    // "%" would start a bogus escape, and spaces, quotes, brackets and braces are invalid in a
    // URL (the Nu HTML checker); no "&", which an HTML attribute would need as an entity.
    expect(body).toMatch(/^(?:[A-Za-z0-9!$()*+,\-./:;=?@_~]|%[0-9A-F]{2})*$/);
    expect(body).toContain("%7B"); // the dark-mode style's braces, escaped
    expect(decodeURIComponent(body)).toBe(faviconSvg());
  });

  it("writes an opaque 180 × 180 touch icon", () => {
    const png = readPng(readFileSync(path.join(outDir, "apple-touch-icon.png")));
    expect([png.width, png.height]).toEqual([180, 180]);
    expect(isOpaque(png)).toBe(true);
  });

  it("gives every prerendered public page a 1200 × 630 share image with its title", () => {
    expect(pages.find((p) => p.path === "/about")?.title).toBe('Page /about & "friends"');
    for (const pagePath of pagePaths) {
      const file = path.join(outDir, shareImagePath(canonicalOf(pagePath)));
      const png = readPng(readFileSync(file));
      expect([png.width, png.height], pagePath).toEqual([1200, 630]);
    }
    // "/" and "/home" are one page (one canonical), so one image.
    expect(report.shareImages).toBe(new Set(pagePaths.map(canonicalOf)).size + 1);
  });

  it("sets a long title inside the margins: nothing drawn in the bottom margin or right edge", () => {
    const png = readPng(readFileSync(path.join(outDir, shareImagePath("/zz-longest"))));
    const channels = png.colorType === 6 ? 4 : 3;
    const ink = [0x0e, 0x11, 0x16];
    const blank = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          for (let c = 0; c < 3; c++)
            if (Math.abs((png.pixels[(y * png.width + x) * channels + c] ?? 0) - (ink[c] ?? 0)) > 2)
              return false;
      return true;
    };
    expect(blank(0, 1200, 600, 630), "bottom margin").toBe(true);
    expect(blank(1140, 1200, 0, 630), "right margin").toBe(true);
    expect(blank(0, 60, 0, 630), "left margin").toBe(true);
  });

  it("draws a card again only when its title, studio name, place or domain changes", () => {
    const page = sharePageOf(
      '<meta property="og:site_name" content="Fineline Studio"><meta property="og:title" content="About"><meta property="og:url" content="https://fineline.studio/about">',
    );
    expect(page).toEqual({ path: "/about", title: "About", studio: "Fineline Studio" });
    const about = page as SharePage;
    const print = shareCardFingerprint(about, builtInSite);
    expect(shareCardFingerprint({ ...about }, { ...builtInSite })).toBe(print);
    for (const changed of [
      shareCardFingerprint({ ...about, title: "About us" }, builtInSite),
      shareCardFingerprint({ ...about, studio: "Lowcountry Web Works" }, builtInSite),
      shareCardFingerprint(about, { ...builtInSite, place: "Charleston, South Carolina" }),
      shareCardFingerprint(about, { ...builtInSite, email: "hello@lowcountry.example" }),
    ])
      expect(changed).not.toBe(print);
    // What the card does not show changes nothing.
    expect(shareCardFingerprint(about, { ...builtInSite, phone: "+1 843 555 0100" })).toBe(print);
  });

  it("names share images with one stable, unique slug per page", () => {
    expect(shareImageSlug("/")).toBe("index");
    expect(shareImageSlug("/about")).toBe("about");
    expect(shareImageSlug("/guides/wordpress/intro")).toBe("guides_wordpress_intro");
    expect(shareImageSlug("/secret/blog/blog/the-5-Ds")).toBe("secret_blog_blog_the-5-Ds");
    expect(shareImagePath("/previous-work")).toBe("/og/previous-work.png");
    const slugs = pagePaths.map(canonicalOf).map(shareImageSlug);
    expect(new Set(slugs).size).toBe(new Set(pagePaths.map(canonicalOf)).size);
    for (const bad of ["/index", "/a_b", "/a b", "/a/../b"]) {
      expect(() => shareImageSlug(bad), bad).toThrow();
    }
  });
});
