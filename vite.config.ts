import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { parseSiteUrl, siteUrlProblem } from "./domain/site-url.ts";
import { contentImagesDevPlugin } from "./scripts/content-images-plugin.ts";
import { frameEntryPlugin } from "./scripts/frame-entry-plugin.ts";

const siteUrl = parseSiteUrl(process.env.SITE_URL);
if ("error" in siteUrl) throw new Error(siteUrlProblem(siteUrl.error, process.env.SITE_URL));

/** In development (`npm run dev`), the API runs beside Vite (scripts/dev.ts) and is proxied. */
const devApi = process.env.DEV_API_ORIGIN;
// The media library's pictures live in the database, so the API serves them too (ADR 032).
const apiPaths = ["/api", "/healthz", "/readyz", "/media/"];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), frameEntryPlugin(), contentImagesDevPlugin()],
  server: devApi ? { proxy: Object.fromEntries(apiPaths.map((prefix) => [prefix, devApi])) } : {},
  define: {
    // Canonical links, Open Graph URLs and feeds are written into the prerendered HTML.
    __SITE_URL__: JSON.stringify(siteUrl.url),
  },
  build: {
    // Nothing inlined as base64: fonts and images are cached separately and immutably.
    assetsInlineLimit: 0,
  },
});
