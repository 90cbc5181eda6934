import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { markdownSource } from "../../app/content/markdown-source.server.ts";
import { listPublicPages, registeredPaths } from "../../app/content/public-paths.server.ts";
import { contentSitePaths } from "../../domain/content-pages.ts";
import { feedPaths } from "../../domain/site-paths.ts";
import { createPageRenderer } from "../../server/site/page-renderer.ts";
import { e2eBuildTime } from "./server.ts";

/**
 * A page rendered by the running server when content is published is the page the build
 * makes (docs/decisions/033): the same bytes, so the same per-page CSS, CSP hashes, font cut
 * and script. Every page the build made from content is rendered again, from the same
 * Markdown, through the renderer the server uses, and compared byte for byte.
 */
test("the server renders every content page exactly as the build did", async () => {
  test.setTimeout(120_000);
  const buildDir = realpathSync("build");
  const info = JSON.parse(readFileSync(path.join(buildDir, "build-info.json"), "utf8"));
  const renderer = await createPageRenderer({ buildDir, siteUrl: info.siteUrl });
  const source = markdownSource(path.resolve("content"), () => Date.parse(e2eBuildTime));
  const paths = await renderer.inSource(source, () => [
    ...listPublicPages().map((page) => page.path),
    ...registeredPaths(),
    ...feedPaths.filter((p) => p !== "/robots.txt"),
  ]);
  // Every content collection, its pages and the feeds.
  expect(paths.length).toBeGreaterThan(25);
  // The server's list of the pages content makes is the build's.
  expect(
    contentSitePaths((folder) => source.entries(folder), Date.parse(e2eBuildTime)).sort(),
  ).toEqual([...paths].sort());
  for (const pagePath of paths) {
    const page = await renderer.render(pagePath, source);
    const file = pagePath.endsWith(".xml")
      ? pagePath
      : `${pagePath === "/" ? "" : pagePath}/index.html`;
    const built = readFileSync(path.join(buildDir, "client", file), "utf8");
    expect(page, pagePath).not.toBeNull();
    const text = page?.body.toString("utf8") ?? "";
    // Where they part, with some context, rather than two whole pages.
    let at = 0;
    while (at < text.length && text[at] === built[at]) at += 1;
    expect(text.slice(Math.max(0, at - 80), at + 80), pagePath).toBe(
      built.slice(Math.max(0, at - 80), at + 80),
    );
    expect(page?.body.equals(Buffer.from(built, "utf8")), pagePath).toBe(true);
  }
});
