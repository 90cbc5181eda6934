import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../server/config.ts";
import { buildInfoFile, siteUrlToBuild, staleReason } from "./build-info.ts";

function makeProject({ built }: { built: boolean }) {
  const root = mkdtempSync(path.join(tmpdir(), "fineline-stale-"));
  mkdirSync(path.join(root, "app"), { recursive: true });
  writeFileSync(path.join(root, "app", "root.tsx"), "export {}");
  const old = new Date(Date.now() - 60_000);
  utimesSync(path.join(root, "app", "root.tsx"), old, old);
  utimesSync(path.join(root, "app"), old, old);
  if (built) {
    mkdirSync(path.join(root, "build", "client"), { recursive: true });
    writeFileSync(path.join(root, "build", "client", "index.html"), "<h1>Home</h1>");
    writeFileSync(
      path.join(root, buildInfoFile),
      JSON.stringify({ siteUrl: "http://localhost:3000", builtAt: "" }),
    );
  }
  return root;
}

describe("staleReason (npm start builds only when needed)", () => {
  it("asks for a build when there is none", () => {
    expect(staleReason(makeProject({ built: false }), "http://localhost:3000")).toBe(
      "no build yet",
    );
  });

  it("is satisfied by a build newer than every source, for the same SITE_URL", () => {
    expect(staleReason(makeProject({ built: true }), "http://localhost:3000")).toBeNull();
  });

  it("rebuilds when a source changed after the build", () => {
    const root = makeProject({ built: true });
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, "app", "root.tsx"), later, later);
    expect(staleReason(root, "http://localhost:3000")).toBe("app changed since the last build");
  });

  it("rebuilds when BUILD_TIME differs from the clock the build was told to use", () => {
    const root = makeProject({ built: true });
    const before = process.env.BUILD_TIME;
    try {
      process.env.BUILD_TIME = "2026-11-26T12:00:00.000Z";
      expect(staleReason(root, "http://localhost:3000")).toBe(
        "BUILD_TIME changed (the real clock → 2026-11-26T12:00:00.000Z)",
      );
      delete process.env.BUILD_TIME;
      expect(staleReason(root, "http://localhost:3000")).toBeNull();
    } finally {
      if (before === undefined) delete process.env.BUILD_TIME;
      else process.env.BUILD_TIME = before;
    }
  });

  it("rebuilds when SITE_URL differs from the one baked in", () => {
    expect(staleReason(makeProject({ built: true }), "https://fineline.studio")).toMatch(
      /SITE_URL changed/,
    );
  });
});

describe("siteUrlToBuild (npm run build builds for the address npm start serves at)", () => {
  it.each([
    [{}, "http://localhost:3000"],
    [{ PORT: "4000" }, "http://localhost:4000"],
    [{ HOST: "0.0.0.0", PORT: "8080" }, "http://localhost:8080"],
    [{ PORT: "4000", SITE_URL: "https://fineline.studio" }, "https://fineline.studio"],
  ])("%j: %s, as the server reads it", (env, expected) => {
    expect(siteUrlToBuild(env)).toBe(expected);
    expect(siteUrlToBuild(env)).toBe(loadConfig(env).siteUrl);
  });

  it("refuses a PORT the server would refuse", () => {
    expect(() => siteUrlToBuild({ PORT: "ninety" })).toThrow(/PORT/);
  });
});
