import type { Config } from "@react-router/dev/config";
import { listPrerenderPaths } from "./app/content/public-paths.server.ts";

export default {
  // Public pages are static HTML produced at build time; admin and auth screens
  // are rendered in the browser from the SPA fallback (build/client/__spa-fallback.html).
  ssr: false,
  prerender: () => listPrerenderPaths(),
} satisfies Config;
