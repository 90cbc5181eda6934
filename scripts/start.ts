/**
 * `npm start`: builds when the build is missing, older than its sources or made for another
 * SITE_URL or BUILD_TIME (scripts/build-info.ts), then runs the server in this process.
 */
import { spawnSync } from "node:child_process";
import { configOrExit, loadConfig } from "../server/config.ts";
import { staleReason } from "./build-info.ts";

const siteUrl = configOrExit(() => loadConfig(process.env).siteUrl);

const reason = staleReason(process.cwd(), siteUrl);
if (reason) {
  console.log(`Building the site first: ${reason}.`);
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    stdio: "inherit",
    env: { ...process.env, SITE_URL: siteUrl },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/main.ts");
