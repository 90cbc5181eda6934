import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The maps a newcomer reads first (the README's "Where things are" and docs/development.md's
 * "Project layout") name every folder of the app and the server, and every feature folder:
 * a folder added without a line in the maps fails here.
 */
const root = path.resolve(import.meta.dirname, "..");
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The layout block of a document: the first fenced block after its heading. */
function mapOf(file: string, heading: string): string {
  const text = readFileSync(path.join(root, file), "utf8");
  const from = text.indexOf(heading);
  expect(from, `${file} has "${heading}"`).toBeGreaterThan(-1);
  const start = text.indexOf("```", from);
  return text.slice(start, text.indexOf("```", start + 3));
}

const maps = [
  { file: "README.md", map: mapOf("README.md", "## Where things are") },
  { file: "docs/development.md", map: mapOf("docs/development.md", "## Project layout") },
];
const expected = [
  ...folders("server").map((name) => name),
  ...folders("app").map((name) => name),
  ...folders("app/features").map((name) => name),
];

describe("the layout maps", () => {
  for (const { file, map } of maps)
    it(`${file} names every folder of app/, server/ and app/features/`, () => {
      const missing = expected.filter((name) => !map.includes(`${name}/`));
      expect(missing).toEqual([]);
    });
});
