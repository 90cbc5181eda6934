import type { Config } from "@react-router/dev/config";
import { listPrerenderPaths } from "./app/content/public-paths.server.ts";
import { buildDirectory } from "./scripts/build-paths.ts";

export default {
  // A fresh folder for each build, switched in when complete (scripts/build.ts).
  buildDirectory: buildDirectory(),
  // Public pages are static HTML produced at build time; admin and auth screens
  // are rendered in the browser from the SPA fallback (build/client/__spa-fallback.html).
  ssr: false,
  prerender: () => listPrerenderPaths(),
} satisfies Config;
