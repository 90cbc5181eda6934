/**
 * After `react-router build`: drop modulepreload hints from the prerendered HTML (see
 * docs/decisions/005), precompress text files (brotli and gzip, served by
 * @fastify/static's preCompressed), drop the .data files of prerendered resource routes
 * (nothing requests them), and stamp the build with the SITE_URL it baked in.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { parseSiteUrl } from "../domain/site-url.ts";
import { type BuildInfo, buildInfoFile } from "./build-info.ts";

const clientDir = path.resolve("build/client");
const compressible = /\.(html|js|mjs|css|svg|xml|txt|json|data|webmanifest)$/;
const minBytes = 512;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

for (const feed of ["sitemap.xml.data", "robots.txt.data", "secret/blog/rss.xml.data"]) {
  rmSync(path.join(clientDir, feed), { force: true });
}

// The page is already complete HTML; hydration can wait a round trip. Preloading ~120 KB of
// modules at high priority competed with the document's own paint on slow connections.
const modulePreload = /<link rel="modulepreload" href="[^"]*"\/>/g;
for (const file of walk(clientDir)) {
  if (!file.endsWith(".html")) continue;
  const html = readFileSync(file, "utf8");
  const stripped = html.replace(modulePreload, "");
  if (stripped !== html) writeFileSync(file, stripped);
}

let files = 0;
let rawBytes = 0;
let brBytes = 0;
for (const file of walk(clientDir)) {
  if (!compressible.test(file) || statSync(file).size < minBytes) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  files += 1;
  rawBytes += data.length;
  brBytes += Math.min(br.length, data.length);
}

const siteUrl = parseSiteUrl(process.env.SITE_URL);
if ("error" in siteUrl) throw new Error(siteUrl.error);
const info: BuildInfo = { siteUrl: siteUrl.url, builtAt: new Date().toISOString() };
writeFileSync(buildInfoFile, `${JSON.stringify(info, null, 2)}\n`);

console.log(
  `postbuild: precompressed ${files} files, ${(rawBytes / 1024).toFixed(0)} KiB → ${(brBytes / 1024).toFixed(0)} KiB brotli; site URL ${info.siteUrl}`,
);
