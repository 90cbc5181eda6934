import {
  existsSync,
  lstatSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { liveServersOf } from "../server/site/served-build.ts";

/**
 * Points `root/build` at a finished build under `root/builds/`, in one rename of a symbolic
 * link: whoever opens build/ sees the old build or the new one, never half of either. A
 * build/ folder from before (not a link) is set aside under builds/ once, like an older build.
 */
export function switchBuild(root: string, finished: string) {
  const link = path.join(root, "build");
  if (existsSync(link) && !lstatSync(link).isSymbolicLink())
    renameSync(link, path.join(root, "builds", `${path.basename(finished)}-previous`));
  const next = path.join(root, `build.next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(path.relative(root, finished), next);
  renameSync(next, link);
}

/**
 * Deletes all but the `keep` newest builds (by name: they start with their time), never the
 * one build/ points at and never one a running server still serves (its pin in `.served-by/`,
 * server/site/served-build.ts): a server keeps the build it started with until it is
 * restarted, however many builds come after it (docs/decisions/028-builds-a-live-server-serves.md).
 */
export function pruneBuilds(root: string, keep = 3, now = Date.now()) {
  const builds = path.join(root, "builds");
  const current = path.basename(readlinkSync(path.join(root, "build")));
  const older = readdirSync(builds)
    .filter((name) => name !== current)
    .sort()
    .reverse()
    .slice(keep - 1);
  const deleted: string[] = [];
  const served: string[] = [];
  for (const name of older) {
    const dir = path.join(builds, name);
    if (liveServersOf(dir, now) > 0) served.push(name);
    else {
      rmSync(dir, { recursive: true, force: true });
      deleted.push(name);
    }
  }
  return { deleted, served };
}
