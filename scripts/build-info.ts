import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/config.ts";

/** Everything the build reads; a change to any of these makes the build stale. */
export const buildInputs = [
  "app",
  "content",
  "domain",
  "public",
  // What postbuild writes: the pruned CSS, and the icons and share images (ADR 015).
  "scripts/postbuild.ts",
  "scripts/brand-assets.ts",
  "react-router.config.ts",
  "vite.config.ts",
  "package.json",
  "package-lock.json",
];

export const buildInfoFile = "build/build-info.json";
/** What a build was made for: its SITE_URL, and the clock it was told to use (BUILD_TIME). */
export type BuildInfo = { siteUrl: string; builtAt: string; buildTime?: string | null };

function newestMtime(target: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** Why the build must be redone, or null when it is current for this SITE_URL. */
export function staleReason(root: string, siteUrl: string): string | null {
  let info: BuildInfo;
  let builtAt: number;
  try {
    info = JSON.parse(readFileSync(path.join(root, buildInfoFile), "utf8")) as BuildInfo;
    builtAt = statSync(path.join(root, buildInfoFile)).mtimeMs;
    statSync(path.join(root, "build/client/index.html"));
  } catch {
    return "no build yet";
  }
  if (info.siteUrl !== siteUrl) return `SITE_URL changed (${info.siteUrl} → ${siteUrl})`;
  const clock = process.env.BUILD_TIME || null;
  if ((info.buildTime ?? null) !== clock)
    return `BUILD_TIME changed (${info.buildTime ?? "the real clock"} → ${clock ?? "the real clock"})`;
  const changed = buildInputs.find((input) => newestMtime(path.join(root, input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * The SITE_URL a build is made for: SITE_URL, else the address the server is reached at from
 * HOST and PORT, read as the server reads them (server/config.ts). So `PORT=4000 npm run build`
 * makes the build that `PORT=4000 npm start` serves, instead of one it would build again while
 * the site is down. Throws the server's ConfigError for a bad value.
 */
export function siteUrlToBuild(env: NodeJS.ProcessEnv): string {
  return loadConfig({ HOST: env.HOST, PORT: env.PORT, SITE_URL: env.SITE_URL }).siteUrl;
}
