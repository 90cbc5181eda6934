/**
 * `npm start`: builds when the build is missing, older than its sources or made for another
 * SITE_URL or BUILD_TIME (scripts/build-info.ts), then runs the server in this process.
 */
import { spawnSync } from "node:child_process";
import { ConfigError, loadConfig } from "../server/config.ts";
import { staleReason } from "./build-info.ts";

let siteUrl: string;
try {
  siteUrl = loadConfig(process.env).siteUrl;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  for (const problem of error.problems) console.error(`config: ${problem}`);
  process.exit(1);
}

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
