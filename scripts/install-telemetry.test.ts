import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The site promises visitors no tracking; `npm install` makes installers the same promise
 * (docs/development.md, "API contracts and reference"). swagger-ui-dist brings @scarf/scarf,
 * whose install script reports the install to Scarf unless the project opts out.
 */
const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

describe("install-time telemetry", () => {
  it("is refused in package.json, and npm is not allowed to run Scarf's script", () => {
    expect(manifest.scarfSettings).toEqual({ enabled: false });
    expect(Object.keys(manifest.allowScripts ?? {})).not.toContain("@scarf/scarf");
  });

  it("makes Scarf's own install script stand down, as npm would run it from this project", () => {
    const script = path.join(root, "node_modules/@scarf/scarf/report.js");
    const { SCARF_ANALYTICS, SCARF_NO_ANALYTICS, DO_NOT_TRACK, ...env } = process.env;
    const result = spawnSync(process.execPath, [script], {
      cwd: path.dirname(script),
      env: { ...env, INIT_CWD: root, SCARF_VERBOSE: "true" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("Scarf has been disabled");
  });
});
