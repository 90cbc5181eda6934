/**
 * The one table of the site's pages. The prerender list, the sitemap, the server's set of
 * client-rendered screens, the benchmark and screenshot lists and the browser tests' route
 * lists are all built from it: one place per fact (docs/development.md, "Conventions"). Pages
 * made from content files (articles, guides, case studies) are listed by their collection; the
 * build expands them.
 */

export type StaticPage = {
  readonly path: string;
  /** In the sitemap and indexable; false for duplicates and the fixed empty /test page. */
  readonly indexed: boolean;
};

/** Hand-made public pages, in sitemap order; each collection's pages follow its index page. */
export const staticPages: readonly StaticPage[] = Object.freeze([
  { path: "/", indexed: true },
  // The same page as "/" (docs/product.md, "Routes"); canonical "/".
  { path: "/home", indexed: false },
  { path: "/home2", indexed: true },
  { path: "/home3", indexed: true },
  { path: "/about", indexed: true },
  { path: "/previous-work", indexed: true },
  { path: "/events", indexed: true },
  { path: "/guides", indexed: true },
  { path: "/secret/blog", indexed: true },
  { path: "/links", indexed: true },
  { path: "/book", indexed: true },
  { path: "/privacy", indexed: true },
  // The fixed empty page (docs/product.md, "Routes"): served, never indexed.
  { path: "/test", indexed: false },
]);

/** Where each content collection's pages live, and the index page they follow in the sitemap. */
export const collectionPaths = Object.freeze({
  caseStudy: { index: "/previous-work", path: (slug: string) => `/previous-work/${slug}` },
  guide: { index: "/guides", path: (slug: string) => `/guides/wordpress/${slug}` },
  blogPost: { index: "/secret/blog", path: (slug: string) => `/secret/blog/blog/${slug}` },
  event: { index: "/events", path: (slug: string) => `/events/${slug}` },
});

/** Prerendered files that are not pages. */
export const feedPaths = Object.freeze(["/sitemap.xml", "/robots.txt", "/secret/blog/rss.xml"]);

/**
 * Client-rendered screens (docs/product.md, "Routes"): served from the SPA fallback, never
 * indexed. Every path under `/admin/` is one too.
 */
export const clientRenderedPages = Object.freeze([
  "/login",
  "/signup",
  "/forgot-password",
  "/logout",
  "/access-denied",
  "/admin",
  "/admin/leads",
]);

/**
 * A visitor's booking page, `/booking/{token}` (ADR 022): prerendered once at `template`, and
 * served for every token, never indexed.
 */
export const bookingManagePage = Object.freeze({
  template: "/booking/manage",
  matches: (path: string) => /^\/booking\/[A-Za-z0-9_-]{1,100}$/.test(path),
});

/**
 * A guest's event registration, `/registration/{token}` from their confirmation e-mail
 * (ADR 026): prerendered once at `template`, served for every token, never indexed.
 */
export const registrationManagePage = Object.freeze({
  template: "/registration/manage",
  matches: (path: string) => /^\/registration\/[A-Za-z0-9._-]{1,100}$/.test(path),
});
