import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";

/**
 * A real build of the site in a folder of its own, for the tests of what a running server
 * renders from it (docs/decisions/033): `react-router build` and the postbuild steps, as
 * `npm run build` runs them, without switching build/. About 15 s on two cores.
 */
export function makeRealBuild(siteUrl = "http://localhost:3000"): string {
  // Inside the project (a build outside its root fails to prerender), where git ignores it.
  const cache = path.resolve("node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const out = path.join(mkdtempSync(path.join(cache, "fineline-real-build-")), "build");
  // Not the test runner's environment (NODE_ENV=test, VITEST…): a build as a shell runs it.
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    BUILD_DIRECTORY: out,
    SITE_URL: siteUrl,
  };
  const bin = path.resolve("node_modules", ".bin", "react-router");
  for (const [command, args] of [
    [bin, ["build"]],
    [process.execPath, ["scripts/postbuild.ts"]],
  ] as const) {
    const result = spawnSync(command, args, { env, encoding: "utf8" });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  if (!existsSync(path.join(out, "server", "index.js"))) throw new Error("no server bundle");
  return out;
}
