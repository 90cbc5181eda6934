import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Lints one probe file written into the tree, as `npm run lint` would see it. */
function lint(file: string, source: string) {
  writeFileSync(file, source);
  try {
    return spawnSync("node_modules/.bin/biome", ["lint", file], { encoding: "utf8" });
  } finally {
    rmSync(file);
  }
}

describe("import boundaries (design.md), enforced by npm run lint", () => {
  const probe = (dir: string) => `${dir}/zz-boundary-probe-${process.pid}.ts`;

  it.each([
    ["domain", 'import { buildApp } from "../server/app.ts";\nexport const x = buildApp;\n'],
    ["domain", 'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n'],
    ["app", 'import { buildApp } from "../server/app.ts";\nexport const x = buildApp;\n'],
    ["server", 'import { Layout } from "../app/root.tsx";\nexport const x = Layout;\n'],
  ])("refuses a %s module importing across the line", (dir, source) => {
    const result = lint(probe(dir), source);
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("noRestrictedImports");
  });

  it("allows what the layout allows: domain from app and server, zod in domain", () => {
    for (const [dir, source] of [
      ["app", 'import { limits } from "../domain/limits.ts";\n\nexport const x = limits;\n'],
      ["server", 'import { limits } from "../domain/limits.ts";\n\nexport const x = limits;\n'],
      ["domain", 'import * as z from "zod/mini";\n\nexport const x = z.string();\n'],
    ] as const) {
      const result = lint(probe(dir), source);
      expect(result.status, `${dir}: ${result.stdout}${result.stderr}`).toBe(0);
    }
  });
});
