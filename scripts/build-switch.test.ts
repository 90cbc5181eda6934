import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { liveServersOf, pinLeaseMs, serveBuild } from "../server/site/served-build.ts";
import { pruneBuilds, switchBuild } from "./build-switch.ts";

function project() {
  const root = mkdtempSync(path.join(tmpdir(), "fineline-builds-"));
  mkdirSync(path.join(root, "builds"));
  return root;
}
function finished(root: string, name: string) {
  const dir = path.join(root, "builds", name);
  mkdirSync(path.join(dir, "client"), { recursive: true });
  writeFileSync(path.join(dir, "client", "index.html"), name);
  return dir;
}
const served = (root: string) =>
  readFileSync(path.join(root, "build", "client", "index.html"), "utf8");

describe("switching builds", () => {
  it("points build/ at the newest build, while a server started earlier keeps its own", () => {
    const root = project();
    switchBuild(root, finished(root, "2026-11-26T09-00-00-000Z-1"));
    expect(served(root)).toBe("2026-11-26T09-00-00-000Z-1");
    // A server resolves build/ when it starts (server/app.ts) and serves from there.
    const running = realpathSync(path.join(root, "build", "client"));
    switchBuild(root, finished(root, "2026-11-26T10-00-00-000Z-2"));
    expect(served(root)).toBe("2026-11-26T10-00-00-000Z-2");
    expect(readFileSync(path.join(running, "index.html"), "utf8")).toBe(
      "2026-11-26T09-00-00-000Z-1",
    );
    expect(readdirSync(root).filter((name) => name.startsWith("build.next"))).toEqual([]);
  });

  it("sets a build/ folder from before aside once", () => {
    const root = project();
    mkdirSync(path.join(root, "build", "client"), { recursive: true });
    writeFileSync(path.join(root, "build", "client", "index.html"), "old layout");
    switchBuild(root, finished(root, "2026-11-26T09-00-00-000Z-1"));
    expect(served(root)).toBe("2026-11-26T09-00-00-000Z-1");
    expect(readdirSync(path.join(root, "builds")).sort()).toEqual([
      "2026-11-26T09-00-00-000Z-1",
      "2026-11-26T09-00-00-000Z-1-previous",
    ]);
  });

  it("keeps the three newest builds and never the one build/ points at", () => {
    const root = project();
    for (const hour of ["01", "02", "03", "04"]) finished(root, `2026-11-26T${hour}-00-00-000Z-1`);
    switchBuild(root, path.join(root, "builds", "2026-11-26T02-00-00-000Z-1"));
    expect(pruneBuilds(root).deleted).toEqual(["2026-11-26T01-00-00-000Z-1"]);
    expect(readdirSync(path.join(root, "builds")).sort()).toEqual([
      "2026-11-26T02-00-00-000Z-1",
      "2026-11-26T03-00-00-000Z-1",
      "2026-11-26T04-00-00-000Z-1",
    ]);
  });

  it("never deletes a build a running server serves, and frees it once the server stops", () => {
    const root = project();
    const first = finished(root, "2026-11-26T01-00-00-000Z-1");
    writeFileSync(path.join(first, "build-info.json"), "{}");
    switchBuild(root, first);
    // This test's process stands for the server: it pins what build/ points at now.
    const served = serveBuild(path.join(root, "build"), { warn: () => undefined });
    try {
      for (const hour of ["02", "03", "04", "05"]) {
        switchBuild(root, finished(root, `2026-11-26T${hour}-00-00-000Z-1`));
        pruneBuilds(root);
      }
      expect(readdirSync(path.join(root, "builds")).sort()).toEqual([
        "2026-11-26T01-00-00-000Z-1",
        "2026-11-26T03-00-00-000Z-1",
        "2026-11-26T04-00-00-000Z-1",
        "2026-11-26T05-00-00-000Z-1",
      ]);
      expect(pruneBuilds(root)).toEqual({ deleted: [], served: ["2026-11-26T01-00-00-000Z-1"] });
    } finally {
      served.release();
    }
    expect(pruneBuilds(root).deleted).toEqual(["2026-11-26T01-00-00-000Z-1"]);
  });

  it("lets a pin nobody refreshes lapse, even when its process id is alive again", () => {
    const root = project();
    const first = finished(root, "2026-11-26T01-00-00-000Z-1");
    switchBuild(root, first);
    const served = serveBuild(path.join(root, "build"), { warn: () => undefined });
    try {
      for (const hour of ["02", "03", "04"]) finished(root, `2026-11-26T${hour}-00-00-000Z-1`);
      switchBuild(root, path.join(root, "builds", "2026-11-26T04-00-00-000Z-1"));
      expect(liveServersOf(first)).toBe(1);
      // A server killed long ago whose process id now belongs to another process (here, this
      // one): its pin was last refreshed more than a lease ago.
      const later = Date.now() + pinLeaseMs + 1_000;
      expect(liveServersOf(first, later)).toBe(0);
      expect(pruneBuilds(root, 3, later).deleted).toEqual(["2026-11-26T01-00-00-000Z-1"]);
    } finally {
      served.release();
    }
  });
});
