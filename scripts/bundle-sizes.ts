/**
 * `npm run bundle:sizes [-- --build=DIR]`: the JavaScript each kind of screen loads, from the
 * built React Router manifest: the entry and root, then each route's module and its imports,
 * in bytes as sent (brotli), so a change to what ships to browsers is measured, not guessed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
};

const { values } = parseArgs({ options: { build: { type: "string", default: "build" } } });
const client = path.resolve(values.build ?? "build", "client");
const assets = path.join(client, "assets");
const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: build first.`);
const text = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;

const sizeOf = (file: string) => {
  const full = path.join(client, file);
  try {
    return statSync(`${full}.br`).size;
  } catch {
    return statSync(full).size;
  }
};

/** Every file a route needs in the browser: the entry, then each route from the root down to it. */
function filesFor(routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const chain: ManifestRoute[] = [];
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId ?? ""])
    chain.unshift(route);
  for (const route of chain)
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  return files;
}

const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = Object.values(manifest.routes)
  .filter((route) => !/\.(xml|txt)$/.test(route.id) && !route.id.includes("rss"))
  .map((route) => {
    const files = filesFor(route.id);
    const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return { route: route.id, files: files.size, total };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(`JavaScript per route (brotli, as sent), ${path.relative(process.cwd(), client)}`);
console.log("| route | files | KB |");
console.log("|---|---|---|");
for (const row of rows) console.log(`| ${row.route} | ${row.files} | ${kilobytes(row.total)} |`);
