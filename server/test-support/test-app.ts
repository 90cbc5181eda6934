import path from "node:path";
import { type AppDependencies, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { makeFakeBuild } from "./fake-build.ts";

/**
 * The app as API tests use it: a fake build, silent logs, a DATA_DIR of its own, the given
 * database (else the default SQLite in that DATA_DIR) and any extra environment.
 */
export async function buildTestApp(
  database?: DatabaseHandle,
  env: Record<string, string> = {},
  deps: AppDependencies = {},
) {
  const buildDir = makeFakeBuild();
  const config = loadConfig(
    { LOG_LEVEL: "silent", DATA_DIR: path.join(buildDir, "..", "data"), ...env },
    { buildDir },
  );
  return buildApp(config, { ...deps, ...(database ? { database } : {}) });
}
