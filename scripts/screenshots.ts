/**
 * Full-page screenshots of every public page at 390 and 1440 px, for looking at what
 * we build: `npm run screenshots -- [base URL] [path filter]`. Output in screenshots/.
 */
import { mkdirSync } from "node:fs";
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
for (const width of [390, 1440]) {
  const page = await browser.newPage({
    viewport: { width, height: width === 390 ? 844 : 900 },
    reducedMotion: "reduce",
  });
  for (const path of paths) {
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "_");
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
await browser.close();
console.log(`screenshots/: ${paths.length * 2} images`);
