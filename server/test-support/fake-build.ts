import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

export const inlineScript = "window.__boot = 1;";

/**
 * A small stand-in for build/: the same shapes (prerendered pages, SPA fallback,
 * hashed assets with precompressed twins, public files) so server tests do not
 * depend on a full site build.
 */
export function makeFakeBuild(): string {
  // <root>/build/client, so a process started in <root> finds it at ./build as main.ts expects.
  const buildDir = path.join(mkdtempSync(path.join(tmpdir(), "fineline-build-")), "build");
  const client = path.join(buildDir, "client");
  const write = (rel: string, body: string, compress = false) => {
    const file = path.join(client, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    if (compress) {
      writeFileSync(`${file}.br`, brotliCompressSync(body));
      writeFileSync(`${file}.gz`, gzipSync(body));
    }
  };
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script>${inlineScript}</script><script type="application/ld+json">{"a":1}</script></head><body><h1>${title}</h1>${"<p>padding</p>".repeat(100)}</body></html>`;
  write("index.html", page("Home"), true);
  write("home/index.html", page("Home alias"), true);
  write("about/index.html", page("About"), true);
  write("secret/blog/blog/the-5-Ds/index.html", page("The 5 Ds"), true);
  write("__spa-fallback.html", page("App"), true);
  write("about.data", "[{}]");
  write("assets/root-AbC123.js", `console.log(${JSON.stringify("x".repeat(2000))});`, true);
  write("logos/longue-vue.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  write("sitemap.xml", "<?xml version='1.0'?><urlset/>");
  write(
    "secret/blog/rss.xml",
    `<?xml version='1.0'?><rss version='2.0'>${"<item/>".repeat(200)}</rss>`,
    true,
  );
  return buildDir;
}
