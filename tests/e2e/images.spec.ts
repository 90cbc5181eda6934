import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { ResponsiveImage } from "../../app/components/responsive-image.tsx";
import { processImage } from "../../app/content/images.server.ts";

/**
 * Photos and screenshots as the build makes them (app/content/images.server.ts), in the
 * browser: the page keeps every image's space while it loads (no layout shift), the browser
 * takes the AVIF of the width it needs, and a picture below the fold waits to be scrolled to.
 */

const dir = mkdtempSync(path.join(tmpdir(), "fineline-e2e-images-"));
let images: Awaited<ReturnType<typeof processImage>>[] = [];

test.beforeAll(async () => {
  const made = [];
  for (const [name, width, height, hue] of [
    ["hero", 2400, 1600, "#1b4d3e"],
    ["below", 1800, 1200, "#7a2e12"],
  ] as const) {
    const file = path.join(dir, `${name}.jpg`);
    await sharp({ create: { width, height, channels: 3, background: hue } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f2c57c"/></svg>`,
          ),
        },
      ])
      .jpeg()
      .toFile(file);
    made.push(await processImage(file, path.join(dir, "out"), "/assets/img"));
  }
  images = made;
});

const page_ = ([hero, below]: typeof images) => `<!doctype html><html><head>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;font:18px/1.5 sans-serif} main{max-width:1200px;margin:0 auto;padding:16px} .spacer{height:2400px}</style>
</head><body><main>
<h1>A page with photographs</h1>
${hero ? renderToStaticMarkup(createElement(ResponsiveImage, { image: hero, alt: "First", sizes: "(min-width: 1232px) 1200px, 100vw", priority: true })) : ""}
<p>Text after the first photo, which must not move when it arrives.</p>
<div class="spacer"></div>
${below ? renderToStaticMarkup(createElement(ResponsiveImage, { image: below, alt: "Second", sizes: "(min-width: 1232px) 1200px, 100vw" })) : ""}
<p id="after">The end.</p>
</main></body></html>`;

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`at ${width} px: no layout shift, the AVIF of the right width, and lazy below the fold`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const requested: string[] = [];
    // Served slowly, so the text is laid out long before any image arrives.
    await page.route("http://images.test/assets/img/*", async (route) => {
      const name = path.basename(new URL(route.request().url()).pathname);
      requested.push(name);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({
        contentType: name.endsWith(".avif") ? "image/avif" : "image/webp",
        body: readFileSync(path.join(dir, "out", name)),
      });
    });
    await page.route("http://images.test/", (route) =>
      route.fulfill({ contentType: "text/html", body: page_(images) }),
    );
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          (window as unknown as { __shift: number }).__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("http://images.test/");
    const first = page.getByRole("img", { name: "First" });
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The photo's box was there before the photo: nothing after it moved.
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
    const box = await first.boundingBox();
    expect(Math.round((box?.width ?? 0) / (box?.height ?? 1))).toBe(Math.round(2400 / 1600));
    // AVIF, at the smallest width that covers the shown width.
    const chosen = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\.avif$/);
    const shown = Math.min(width - 32, 1200);
    const widthChosen = Number(/-(\d+)\.avif$/.exec(chosen)?.[1]);
    expect(widthChosen).toBeGreaterThanOrEqual(shown);
    expect(widthChosen).toBeLessThanOrEqual(Math.max(480, shown * 2));
    // The second photo is far below: not requested until scrolled near.
    expect(requested.some((name) => name.startsWith("below-"))).toBe(false);
    await page.locator("#after").scrollIntoViewIfNeeded();
    await expect.poll(() => requested.some((name) => name.startsWith("below-"))).toBe(true);
    await expect
      .poll(() =>
        page.getByRole("img", { name: "Second" }).evaluate((img: HTMLImageElement) => img.complete),
      )
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
  });
}
