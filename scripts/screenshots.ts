/**
 * Full-page screenshots of every public page at 320, 390, 768, 1440 and 1920 px, for looking
 * at what we build: `npm run screenshots -- [base URL] [path filter]`. Output in screenshots/.
 * WIDTHS=390,1440 picks widths; SHEET=1 also puts each page's widths side by side in one
 * contact sheet (screenshots/sheet-<page>.png), to compare a page across screens at a glance.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { listPublicPages } from "../app/content/public-paths.server.ts";
import { findChromium } from "./chromium.ts";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const filter = process.argv[3] ?? "";
const slice = Number(process.env.SLICE ?? 0);
// Every public page (the /home alias is the same page as /), a client screen, and an unknown path.
const paths = [
  ...listPublicPages()
    .map((page) => page.path)
    .filter((path) => path !== "/home"),
  "/login",
  "/no-such-page-at-all",
].filter((p) => (filter.startsWith("=") ? p === filter.slice(1) : p.includes(filter)));

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ["--no-sandbox", "--disable-gpu"],
});
const widths = (process.env.WIDTHS ?? "320,390,768,1440,1920").split(",").map(Number);
const nameOf = (path: string) => (path === "/" ? "home" : path.slice(1).replaceAll("/", "_"));
for (const width of widths) {
  const page = await browser.newPage({
    viewport: { width, height: width < 768 ? 844 : 900 },
    reducedMotion: "reduce",
  });
  for (const path of paths) {
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    // Drawings below the fold are drawn only as they near the viewport (content-visibility,
    // ADR 019), and a full-page capture does not scroll: draw them all, as a visitor who
    // scrolls down sees them.
    await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
    const name = nameOf(path);
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    if (slice) {
      // Tall pages are unreadable scaled down: also save them in viewport-height slices.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height; y += slice, i++) {
        await page.screenshot({
          path: `screenshots/${name}-${width}-${i}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(slice, height - y) },
        });
      }
    }
  }
  await page.close();
}
if (process.env.SHEET) {
  // Each width scaled to one column's width, tops aligned; very tall pages are cut at the
  // sheet's foot (the full screenshots are beside it).
  const sheet = await browser.newPage({ viewport: { width: widths.length * 236, height: 800 } });
  for (const path of paths) {
    const cells = widths
      .map((width) => {
        const png = readFileSync(`screenshots/${nameOf(path)}-${width}.png`).toString("base64");
        return `<figure><figcaption>${width} px</figcaption><img src="data:image/png;base64,${png}"></figure>`;
      })
      .join("");
    await sheet.setContent(
      `<style>body{margin:0;display:flex;gap:8px;padding:8px;background:#ddd;font:12px sans-serif;align-items:flex-start}
      figure{margin:0;width:220px}img{width:220px;display:block;outline:1px solid #999}
      figcaption{padding:2px 0}</style>${cells}`,
    );
    await sheet.waitForFunction(() => [...document.images].every((img) => img.complete));
    const height = await sheet.evaluate(() => document.documentElement.scrollHeight);
    await sheet.screenshot({
      path: `screenshots/sheet-${nameOf(path)}.png`,
      fullPage: true,
      clip: { x: 0, y: 0, width: widths.length * 236, height: Math.min(height, 3200) },
    });
  }
  await sheet.close();
}
await browser.close();
console.log(
  `screenshots/: ${paths.length * widths.length} images${process.env.SHEET ? ` and ${paths.length} contact sheets` : ""}`,
);
