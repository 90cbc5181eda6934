import { listPublicPages } from "../content/public-paths.server.ts";
import { escapeXml } from "../content/xml.ts";
import { absoluteUrl } from "../seo.ts";

/** Prerendered to build/client/sitemap.xml: indexable public pages only, no auth or admin. */
export function loader() {
  const urls = listPublicPages()
    .filter((page) => page.indexed)
    .map(
      (page) =>
        `  <url><loc>${escapeXml(absoluteUrl(page.path))}</loc>${
          page.lastModified ? `<lastmod>${page.lastModified}</lastmod>` : ""
        }</url>`,
    );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
