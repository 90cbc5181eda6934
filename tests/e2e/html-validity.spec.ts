import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { HtmlValidate } from "html-validate";

/**
 * Every prerendered page is valid HTML: html-validate's recommended rules, less the
 * ones that are only a house style (how void elements close, SVG's camelCase attributes,
 * boolean attributes written as ="", phone numbers' spaces), run over the build the other
 * browser tests use. Real errors fail: duplicate or malformed ids, attributes an element does
 * not allow, bad nesting, a missing title, a title longer than search results show.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "tel-non-breaking": "off",
    "presentation-role-style": "off",
    // HTML allows ids that start with a digit ("1-direction" from a numbered heading).
    "valid-id": ["error", { relaxed: true }],
    "long-title": ["error", { maxlength: 60 }],
  },
});

const clientDir = path.resolve("build/client");

function* pages(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* pages(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

test("every prerendered page is valid HTML", async () => {
  const files = [...pages(clientDir)];
  expect(files.length).toBeGreaterThan(30);
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(readFileSync(file, "utf8"), file);
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push(
          `${path.relative(clientDir, file)}: ${message.ruleId}: ${message.message} (${message.selector ?? ""})`,
        );
      }
    }
  }
  expect(problems).toEqual([]);
});

test("heading ids are unique on every page, and every in-page link names one", async () => {
  for (const file of pages(clientDir)) {
    const html = readFileSync(file, "utf8");
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates, path.relative(clientDir, file)).toEqual([]);
    for (const [, id] of html.matchAll(/aria-labelledby="([^"]+)"/g)) {
      for (const part of (id ?? "").split(/\s+/)) {
        expect(ids, `${path.relative(clientDir, file)}: aria-labelledby ${part}`).toContain(part);
      }
    }
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) {
      expect(ids, `${path.relative(clientDir, file)}: href #${target}`).toContain(
        decodeURIComponent(target ?? ""),
      );
    }
  }
});

test("every internal link on every page answers 200 itself, never through a redirect", async ({
  request,
}) => {
  const targets = new Set<string>();
  for (const file of pages(clientDir)) {
    for (const [, href] of readFileSync(file, "utf8").matchAll(/<a\b[^>]*\shref="(\/[^"]*)"/g)) {
      const url = new URL(href ?? "/", "http://site.invalid");
      targets.add(url.pathname);
    }
  }
  expect(targets.size).toBeGreaterThan(15);
  for (const target of targets) {
    const response = await request.get(target, { maxRedirects: 0 });
    expect(response.status(), target).toBe(200);
  }
});
