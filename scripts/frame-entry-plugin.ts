import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "vite";
import { buildDirectory } from "./build-paths.ts";

/** The page frame's script (ADR 014): built on its own, beside the app's client build. */
const frameEntry = "app/frame/frame.ts";
const virtualId = "virtual:frame-script";
const resolvedId = `\0${virtualId}`;
/** Where the frame build leaves the entry's hashed file name for the prerender to read. */
const recordFile = () => path.join(buildDirectory(), "frame-script.json");

/**
 * Builds app/frame/frame.ts (and the islands it imports on demand) as a separate bundle, so it
 * shares no chunk with the React Router app: a public page loads one small file and nothing
 * it chains to. The root gets its URL from `import frameScript from "virtual:frame-script"`.
 * The client build runs before the server build that prerenders (React Router's buildApp),
 * and each may load this config afresh, so the name passes through a small file, not memory.
 * In development the dev server serves the source itself.
 */
export function frameEntryPlugin(): Plugin {
  let command: "build" | "serve" = "build";
  let base = "/";
  return {
    name: "fineline:frame-entry",
    configResolved(config) {
      command = config.command;
      base = config.base;
    },
    async writeBundle(options) {
      if (this.environment.config.consumer !== "client" || !options.dir) return;
      const result = await build({
        configFile: false,
        root: process.cwd(),
        base,
        logLevel: "warn",
        build: {
          outDir: options.dir,
          emptyOutDir: false,
          copyPublicDir: false,
          // The island is one file: nothing else to preload, so no preload helper either.
          modulePreload: false,
          assetsInlineLimit: 0,
          rollupOptions: {
            input: { frame: path.resolve(frameEntry) },
            output: {
              entryFileNames: "assets/[name]-[hash].js",
              chunkFileNames: "assets/[name]-[hash].js",
            },
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as {
        output: { type: string; isEntry?: boolean; fileName: string }[];
      }[];
      const entry = outputs
        .flatMap((r) => r.output)
        .find((item) => item.type === "chunk" && item.isEntry);
      if (!entry) throw new Error("frame build produced no entry");
      writeFileSync(recordFile(), JSON.stringify({ file: `${base}${entry.fileName}` }));
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      // The client bundle is built before the frame's name is known: in the browser the root
      // reads the URL from the tag the prerender wrote (hydration keeps that tag as it is).
      if (command === "build" && this.environment.config.consumer === "client") {
        return `export default globalThis.document?.querySelector("script[data-frame]")?.getAttribute("data-frame") ?? "";`;
      }
      const url =
        command === "serve"
          ? `${base}${frameEntry}`
          : (JSON.parse(readFileSync(recordFile(), "utf8")) as { file: string }).file;
      return `export default ${JSON.stringify(url)};`;
    },
  };
}
