/**
 * Each public page's share image (og:image, twitter:image) is generated at build time as
 * /og/<slug>.png. The slug is made here, once, for both the generator (scripts/brand-assets.ts)
 * and the pages' meta (app/seo.ts).
 */
export const shareImageSize = Object.freeze({ width: 1200, height: 630 });

const segment = /^[A-Za-z0-9-]+$/;

/**
 * The file name of a page's share image, from its canonical path: "/" → "index",
 * "/about" → "about", "/guides/wordpress/speed" → "guides_wordpress_speed". Segments never
 * contain "_", so two paths never share a slug; a path the rule cannot name fails the build.
 */
export function shareImageSlug(pagePath: string): string {
  if (pagePath === "/") return "index";
  const parts = pagePath.replace(/^\/|\/$/g, "").split("/");
  for (const part of parts) {
    // "/index" alone would take the home page's "index".
    if (!segment.test(part) || pagePath.replace(/\/$/, "") === "/index") {
      throw new Error(`No share image slug for ${JSON.stringify(pagePath)}: unexpected "${part}"`);
    }
  }
  return parts.join("_");
}

/** The URL path of a page's share image, e.g. "/og/about.png". */
export const shareImagePath = (pagePath: string) => `/og/${shareImageSlug(pagePath)}.png`;
