import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layers of docs/development.md ("Layers"), lowest first: a folder imports only folders
 * below it, so no two features import each other, directly or around a loop. `npm run lint`
 * enforces them (the per-folder noRestrictedImports overrides in biome.json); this test checks
 * that the rule refuses every upward import, allows every downward one, keeps the app/server
 * boundary in the layered folders, and that no folder is left out of the layers.
 */
const layers = {
  server: [
    "db",
    "api",
    "audit",
    "http",
    "site",
    "auth",
    "notifications",
    "webhooks",
    "team",
    "media",
    "content",
    "leads",
    "mail",
    "contact",
    "booking",
    "events",
    "insights",
    "digest",
    "triage",
    "admin",
    "cli",
  ],
  "app/features": [
    "webhooks",
    "team",
    "lead",
    "booking",
    "conversation",
    "pipeline",
    "dashboard",
    "spam",
    "events",
    "content",
    "insights",
    "tracker",
  ],
} as const;
/** Not a feature: helpers for tests, which may set up through any feature. */
const unlayered = new Set(["test-support"]);

const root = path.resolve(import.meta.dirname, "..");
const sandbox = mkdtempSync(path.join(tmpdir(), "fineline-layers-"));
const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
// Not a git checkout: no ignore file to read.
writeFileSync(
  path.join(sandbox, "biome.json"),
  JSON.stringify({ ...config, vcs: { enabled: false } }),
);
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

type Probe = { file: string; refused: boolean };
const probes: Probe[] = [];
/** A module in `dir` that imports `target`; `refused`: the lint must fail on it. */
function probe(dir: string, name: string, target: string, refused: boolean) {
  mkdirSync(path.join(sandbox, dir), { recursive: true });
  const file = `${dir}/${name}`;
  writeFileSync(
    path.join(sandbox, file),
    `import { value } from "${target}";\n\nexport const copy = value;\n`,
  );
  probes.push({ file, refused });
}

for (const [base, order] of Object.entries(layers)) {
  order.forEach((lower, index) => {
    const upper = order[index + 1];
    if (!upper) return;
    probe(`${base}/${lower}`, `up-to-${upper}.ts`, `../${upper}/module.ts`, true);
    probe(`${base}/${lower}/nested`, `up-to-${upper}.ts`, `../../${upper}/module.ts`, true);
    probe(`${base}/${upper}`, `down-to-${lower}.ts`, `../${lower}/module.ts`, false);
    // Tests may set up through any feature (a lead made through the contact form, say).
    probe(`${base}/${lower}`, `up-to-${upper}.test.ts`, `../${upper}/module.ts`, false);
  });
}
probe("server/leads", "to-app.ts", "../../app/root.tsx", true);
probe("app/features/lead", "to-server.ts", "../../../server/app.ts", true);

/** Every probe linted in one run; the files Biome refused, by their restricted imports. */
function refusedFiles(): Set<string> {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/biome"),
    ["lint", "--max-diagnostics=none", ...probes.map((p) => p.file)],
    { cwd: sandbox, encoding: "utf8" },
  );
  const output = `${result.stdout}${result.stderr}`;
  const refused = new Set<string>();
  for (const match of output.matchAll(/^(\S+):\d+:\d+ lint\/style\/noRestrictedImports/gm))
    refused.add((match[1] ?? "").replaceAll("\\", "/"));
  return refused;
}

describe("the layers of feature folders, enforced by npm run lint", () => {
  it("refuses every import up the layers and allows every import down", () => {
    const refused = refusedFiles();
    const wrong = probes
      .filter((p) => refused.has(p.file) !== p.refused)
      .map((p) => `${p.file}: ${p.refused ? "allowed, should be refused" : "refused"}`);
    expect(wrong).toEqual([]);
  });

  it("puts every feature folder in a layer", () => {
    for (const [base, order] of Object.entries(layers)) {
      const folders = readdirSync(path.join(root, base), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !unlayered.has(entry.name))
        .map((entry) => entry.name);
      expect(
        folders.filter((name) => !(order as readonly string[]).includes(name)),
        `${base}/ folders missing from the layers`,
      ).toEqual([]);
    }
  });
});
