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
 * one build/ points at. The ones kept serve servers started on them before a switch.
 */
export function pruneBuilds(root: string, keep = 3) {
  const builds = path.join(root, "builds");
  const current = path.basename(readlinkSync(path.join(root, "build")));
  const older = readdirSync(builds)
    .filter((name) => name !== current)
    .sort()
    .reverse()
    .slice(keep - 1);
  for (const name of older) rmSync(path.join(builds, name), { recursive: true, force: true });
  return older;
}
