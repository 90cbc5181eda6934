import type { MetaDescriptor } from "react-router";
import { shareImagePath, shareImageSize } from "../domain/share-image.ts";
import { site } from "../domain/site.ts";

export const siteUrl: string = __SITE_URL__;
export const absoluteUrl = (path: string) => `${siteUrl}${path === "/" ? "/" : path}`;

/**
 * A page's own share image, generated at build time from its og:title (scripts/brand-assets.ts):
 * the page's title set in Manrope beside the mark, at /og/<slug>.png.
 */
export function shareImageFor(path: string, title: string = fullTitle()) {
  return {
    url: absoluteUrl(shareImagePath(path)),
    width: shareImageSize.width,
    height: shareImageSize.height,
    alt: title.includes(site.name) ? title : `${title} — ${site.name}`,
  };
}

export type Crumb = { readonly name: string; readonly path: string };
type JsonLd = Record<string, unknown>;

type PageMetaInput = {
  /** Page title without the brand; omit for the home page. */
  title?: string;
  description: string;
  /** Canonical path, e.g. "/about". */
  path: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** Ancestors of this page, home excluded; a BreadcrumbList is emitted when present. */
  breadcrumbs?: readonly Crumb[];
  jsonLd?: readonly JsonLd[];
  article?: { published: string; modified?: string; author: string };
  extra?: readonly MetaDescriptor[];
};

/** Search results cut titles at about 60 characters; the page's own words come first. */
export const titleLimit = 60;

/**
 * The document title: the page's title and the brand, or the title alone when both would not
 * fit in 60 characters (the brand is still in og:site_name and on the page). The page's <h1>
 * is unaffected.
 */
export function fullTitle(title?: string): string {
  if (!title) return `${site.name} — ${site.tagline.replace(/\.$/, "")}`;
  const branded = `${title} — ${site.name}`;
  return branded.length <= titleLimit ? branded : title;
}

export function breadcrumbJsonLd(trail: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/** The studio as an Organization, with what its settings say now (domain/site.ts). */
export const organizationJsonLd = (): JsonLd => ({
  "@context": "https://schema.org",
  "@type": "Organization",
  "@id": `${siteUrl}/#organization`,
  name: site.name,
  url: absoluteUrl("/"),
  logo: absoluteUrl("/apple-touch-icon.png"),
  email: site.email,
  telephone: site.phone,
  description: site.description,
  foundingDate: String(site.foundedYear),
  address: {
    "@type": "PostalAddress",
    ...(site.streetAddress ? { streetAddress: site.streetAddress } : {}),
    addressLocality: site.city,
    ...(site.region ? { addressRegion: site.region } : {}),
    ...(site.postalCode ? { postalCode: site.postalCode } : {}),
    addressCountry: site.country,
  },
  sameAs: site.social.map((s) => s.href),
});

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = fullTitle(input.title);
  const url = absoluteUrl(input.path);
  const shareImage = shareImageFor(input.path, input.title ?? title);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title ?? title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: shareImage.url },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: shareImage.alt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title ?? title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: shareImage.url },
    { name: "twitter:image:alt", content: shareImage.alt },
  ];
  if (input.noindex) meta.push({ name: "robots", content: "noindex, nofollow" });
  if (input.article) {
    meta.push(
      { property: "article:published_time", content: input.article.published },
      { property: "article:author", content: input.article.author },
    );
    if (input.article.modified) {
      meta.push({ property: "article:modified_time", content: input.article.modified });
    }
  }
  const graphs = [...(input.jsonLd ?? [])];
  if (input.breadcrumbs?.length)
    graphs.push(
      breadcrumbJsonLd([
        ...input.breadcrumbs,
        { name: input.title ?? site.name, path: input.path },
      ]),
    );
  for (const graph of graphs) meta.push({ "script:ld+json": graph });
  if (input.extra) meta.push(...input.extra);
  return meta;
}

export const rssLink: MetaDescriptor = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${site.name} — Journal`,
  href: "/secret/blog/rss.xml",
};

/** Meta for the client-rendered screens: never indexed. */
export function privateMeta(title: string): MetaDescriptor[] {
  return [{ title: fullTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}
