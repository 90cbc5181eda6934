import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * In development, the content images a page's loader made (app/content/images.server.ts) are
 * served from the cache they were written to; a build copies them into its own folder instead.
 */
export function contentImagesDevPlugin(): Plugin {
  const dir = path.resolve("node_modules", ".cache", "fineline-images");
  return {
    name: "fineline-content-images",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/assets/img", (request, response, next) => {
        const name = path.basename((request.url ?? "").split("?")[0] ?? "");
        const file = path.join(dir, name);
        if (!/^[a-z0-9-]+\.(avif|webp)$/.test(name) || !existsSync(file)) return next();
        response.setHeader("Content-Type", name.endsWith(".avif") ? "image/avif" : "image/webp");
        createReadStream(file).pipe(response);
      });
    },
  };
}
