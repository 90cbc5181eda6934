import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The repository's lint rules, applied to probe files in a throwaway copy of its layout
 * (domain/, app/, server/ with the same biome.json), so the test never writes into the source
 * tree a running editor, watcher or build could see. (Biome's --stdin-file-path would avoid
 * files altogether, but in stdin mode `biome lint` reports only "contents aren't fixed", not
 * which rule failed.)
 */
const sandbox = mkdtempSync(path.join(tmpdir(), "fineline-boundaries-"));
const config = JSON.parse(readFileSync("biome.json", "utf8"));
// Not a git checkout: no ignore file to read.
writeFileSync(
  path.join(sandbox, "biome.json"),
  JSON.stringify({ ...config, vcs: { enabled: false } }),
);
const biome = path.resolve("node_modules/.bin/biome");
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

function lint(dir: string, source: string) {
  mkdirSync(path.join(sandbox, dir), { recursive: true });
  const file = `${dir}/probe-${Math.random().toString(36).slice(2)}.ts`;
  writeFileSync(path.join(sandbox, file), source);
  return spawnSync(biome, ["lint", file], { cwd: sandbox, encoding: "utf8" });
}

describe("import boundaries (the layout in docs/development.md), enforced by npm run lint", () => {
  it.each([
    ["domain", 'import { buildApp } from "../server/app.ts";\nexport const x = buildApp;\n'],
    ["domain", 'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n'],
    ["app", 'import { buildApp } from "../server/app.ts";\nexport const x = buildApp;\n'],
    ["server", 'import { Layout } from "../app/root.tsx";\nexport const x = Layout;\n'],
  ])("refuses a %s module importing across the line", (dir, source) => {
    const result = lint(dir, source);
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("noRestrictedImports");
  });

  it("allows what the layout allows: domain from app and server, zod in domain", () => {
    for (const [dir, source] of [
      ["app", 'import { limits } from "../domain/limits.ts";\n\nexport const x = limits;\n'],
      ["server", 'import { limits } from "../domain/limits.ts";\n\nexport const x = limits;\n'],
      ["domain", 'import * as z from "zod/mini";\n\nexport const x = z.string();\n'],
    ] as const) {
      const result = lint(dir, source);
      expect(result.status, `${dir}: ${result.stdout}${result.stderr}`).toBe(0);
    }
  });
});
