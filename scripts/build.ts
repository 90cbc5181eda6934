/**
 * `npm run build`: the site into a fresh folder under builds/, and only once it is complete,
 * build/ pointed at it (scripts/build-switch.ts). A server already running keeps the folder it
 * started with (it resolves build/ at start), so a second `npm start` that rebuilds for
 * another SITE_URL never pulls files from under the first; the three newest builds are kept
 * for such servers, older ones deleted unless a running server still serves them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { configOrExit } from "../server/config.ts";
import { siteUrlToBuild } from "./build-info.ts";
import { pruneBuilds, switchBuild } from "./build-switch.ts";

const siteUrl = configOrExit(() => siteUrlToBuild(process.env));

const out = path.join("builds", `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}`);
mkdirSync(out, { recursive: true });

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIRECTORY: out, SITE_URL: siteUrl },
  });
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

run("react-router", ["build"]);
run(process.execPath, ["scripts/postbuild.ts"]);
switchBuild(process.cwd(), path.resolve(out));
const { served } = pruneBuilds(process.cwd());
console.log(`build: build/ is now ${out}`);
for (const name of served)
  console.log(`build: kept builds/${name}: a running server serves it until it is restarted`);
