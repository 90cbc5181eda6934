import { expect, test } from "@playwright/test";
import { brandMark, faviconSvg } from "../../domain/brand-mark.ts";
import { touchIconPng } from "../../scripts/brand-assets.ts";
import { publicRoutes } from "./public-routes.ts";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): [number, number] {
  expect(data.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

test("the header, the favicon and the touch icon show the one mark", async ({ page, request }) => {
  await page.goto("/about");
  const headerPath = await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Fineline Studio" })
    .locator("svg path")
    .getAttribute("d");
  expect(headerPath).toBe(brandMark.path);

  // The page carries its icon inline (no early request on a slow phone), and it decodes to
  // the same SVG as /favicon.svg, which stays for clients that ask for it by name.
  const iconHref = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(iconHref).toMatch(/^data:image\/svg\+xml,/);
  expect(decodeURIComponent(iconHref?.slice("data:image/svg+xml,".length) ?? "")).toBe(
    faviconSvg(),
  );
  const inlineIcon = await page.evaluate(async (href) => {
    const image = new Image();
    image.src = href;
    await image.decode();
    return image.naturalWidth;
  }, iconHref ?? "");
  expect(inlineIcon).toBeGreaterThan(0);
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  // Not content-hashed, so never cached as immutable: a new mark reaches browsers in a day.
  expect(favicon.headers()["cache-control"]).not.toContain("immutable");
  const svg = await favicon.text();
  expect(svg).toBe(faviconSvg());
  expect(svg).toContain(`d="${headerPath}"`);

  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/apple-touch-icon.png",
  );
  const touch = await request.get("/apple-touch-icon.png");
  expect(touch.status()).toBe(200);
  expect(touch.headers()["content-type"]).toBe("image/png");
  expect(touch.headers()["cache-control"]).not.toContain("immutable");
  const png = await touch.body();
  expect(pngSize(png)).toEqual([180, 180]);
  // The very bytes the generator draws from domain/brand-mark.ts.
  expect(png.equals(await touchIconPng())).toBe(true);
});

test("each page shares its own 1200 × 630 image, titled like the page", async ({
  page,
  request,
}) => {
  const sampled = ["/about", "/secret/blog/blog/the-5-Ds", "/guides"];
  const seen = new Set<string>();
  for (const path of sampled) {
    await page.goto(path);
    const url = await page.locator('meta[property="og:image"]').getAttribute("content");
    const title = await page.locator('meta[property="og:title"]').getAttribute("content");
    expect(url, path).toMatch(/\/og\/[\w-]+\.png$/);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute(
      "content",
      String(url),
    );
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute(
      "content",
      "1200",
    );
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute(
      "content",
      "630",
    );
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute("content")).toContain(
      String(title),
    );
    const res = await request.get(new URL(String(url)).pathname);
    expect(res.status(), String(url)).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["cache-control"]).not.toContain("immutable");
    expect(pngSize(await res.body())).toEqual([1200, 630]);
    seen.add(String(url));
  }
  expect(seen.size).toBe(sampled.length);
});

test("no page still points at the old shared image", async ({ request }) => {
  for (const { path } of publicRoutes) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain("fineline-share.png");
  }
  expect((await request.get("/og/fineline-share.png")).status()).toBe(404);
});
