import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { processImage } from "./images.server.ts";

/** A photo-like test image: a gradient with shapes and noise, so encoders have work to do. */
async function makePhoto(file: string, width: number, height: number, format: "jpeg" | "png") {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b4d3e"/><stop offset="1" stop-color="#f2c57c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.2}" fill="#fff4e0"/>
    <rect x="${width * 0.1}" y="${height * 0.6}" width="${width * 0.5}" height="${height * 0.25}" fill="#0e1116"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  await (format === "jpeg" ? image.jpeg({ quality: 90 }) : image.png()).toFile(file);
}

describe("content images", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fineline-images-"));

  it("makes AVIF and WebP at each width up to the source's, its size and a tiny placeholder", async () => {
    const source = path.join(dir, "Longue Vue Lawn.jpg");
    await makePhoto(source, 2000, 1250, "jpeg");
    const out = path.join(dir, "out");
    const image = await processImage(source, out, "/assets/img");
    expect(image).toMatchObject({ width: 2000, height: 1250 });
    expect(image.avif.map((v) => v.width)).toEqual([480, 800, 1200, 1600]);
    expect(image.webp.map((v) => v.width)).toEqual([480, 800, 1200, 1600]);
    // Content-hashed names under /assets/ (cached for a year), safe in a URL.
    for (const variant of [...image.avif, ...image.webp])
      expect(variant.src).toMatch(/^\/assets\/img\/longue-vue-lawn-[0-9a-f]{12}-\d+\.(avif|webp)$/);
    for (const file of image.files) {
      const bytes = readFileSync(path.join(out, file));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(file.endsWith(".avif") ? "heif" : "webp");
      expect(meta.width).toBe(Number(/-(\d+)\.\w+$/.exec(file)?.[1]));
    }
    // AVIF is the smaller of the two at every width.
    const size = (src: string) => statSync(path.join(out, path.basename(src))).size;
    image.avif.forEach((variant, i) => {
      expect(size(variant.src)).toBeLessThan(size(image.webp[i]?.src ?? ""));
    });
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.placeholder?.length).toBeLessThan(300);
    expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("never enlarges a small source, and keeps a transparent one without a placeholder", async () => {
    const source = path.join(dir, "logo.png");
    await sharp({
      create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toFile(source);
    const image = await processImage(source, path.join(dir, "out2"));
    expect(image.avif.map((v) => v.width)).toEqual([480, 600]);
    expect(image.placeholder).toBeNull();
  });

  it("encodes a source once: the next build reads what it made", async () => {
    const source = path.join(dir, "again.jpg");
    await makePhoto(source, 900, 600, "jpeg");
    const out = path.join(dir, "out3");
    const first = await processImage(source, out);
    const made = readdirSync(out).map((name) => [name, statSync(path.join(out, name)).mtimeMs]);
    const started = performance.now();
    expect(await processImage(source, out)).toEqual(first);
    expect(performance.now() - started).toBeLessThan(100);
    expect(readdirSync(out).map((name) => [name, statSync(path.join(out, name)).mtimeMs])).toEqual(
      made,
    );
    // A changed source is a new image, under new names.
    await makePhoto(source, 900, 601, "jpeg");
    const changed = await processImage(source, out);
    expect(changed.avif[0]?.src).not.toBe(first.avif[0]?.src);
  });

  it("is written as a picture the browser can choose from, its space reserved", async () => {
    const source = path.join(dir, "markup.jpg");
    await makePhoto(source, 1600, 900, "jpeg");
    const image = await processImage(source, path.join(dir, "out4"));
    const html = renderToStaticMarkup(
      ResponsiveImage({ image, alt: "The lawn at dusk", sizes: "(min-width: 900px) 50vw, 94vw" }),
    );
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]+ 480w, [^"]+ 800w/);
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain('sizes="(min-width: 900px) 50vw, 94vw"');
    expect(html).toMatch(/<img[^>]* width="1600" height="900"/);
    expect(html).toContain('alt="The lawn at dusk"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain("background-image:url(&quot;data:image/webp;base64,");
    const eager = renderToStaticMarkup(
      ResponsiveImage({ image, alt: "", sizes: "100vw", priority: true }),
    );
    expect(eager).toContain('loading="eager"');
    expect(eager).toContain('fetchPriority="high"');
  });
});
