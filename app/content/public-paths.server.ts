import {
  type ContactOutcome,
  contactOutcomePath,
  contactOutcomes,
} from "../../domain/contact-outcomes.ts";
import { blogPosts, caseStudies, wordpressGuides } from "./collections.server.ts";

export type PublicPage = {
  readonly path: string;
  /** Listed in the sitemap and indexable; false for duplicates and the spec's empty /test page. */
  readonly indexed: boolean;
  readonly lastModified?: string;
};

/** Paths of the prerendered resource routes (files, not pages). */
export const feedPaths = ["/sitemap.xml", "/robots.txt", "/secret/blog/rss.xml"] as const;

export const blogPostPath = (slug: string) => `/secret/blog/blog/${slug}`;
export const guidePath = (slug: string) => `/guides/wordpress/${slug}`;
export const caseStudyPath = (slug: string) => `/previous-work/${slug}`;

/** Every public page, in sitemap order. Reading the content validates it, so a bad file fails here. */
export function listPublicPages(): PublicPage[] {
  const posts = blogPosts();
  const guides = wordpressGuides();
  const studies = caseStudies();
  const page = (path: string, lastModified?: string, indexed = true): PublicPage => ({
    path,
    indexed,
    lastModified,
  });
  return [
    page("/"),
    page("/home", undefined, false),
    page("/home2"),
    page("/home3"),
    page("/about"),
    page("/previous-work", studies[0]?.meta.date),
    ...studies.map((s) => page(caseStudyPath(s.slug), s.meta.date)),
    page("/events"),
    page(
      "/guides",
      guides
        .map((g) => g.meta.updated ?? g.meta.date)
        .sort()
        .at(-1),
    ),
    ...guides.map((g) => page(guidePath(g.slug), g.meta.updated ?? g.meta.date)),
    page("/secret/blog", posts[0]?.meta.date),
    ...posts.map((p) => page(blogPostPath(p.slug), p.meta.date)),
    page("/links"),
    page("/test", undefined, false),
  ];
}

/** Confirmation and error pages of the no-JavaScript contact form: prerendered, never listed. */
export const contactOutcomePaths = (Object.keys(contactOutcomes) as ContactOutcome[]).map(
  contactOutcomePath,
);

/** Everything the build prerenders. */
export function listPrerenderPaths(): string[] {
  return [...listPublicPages().map((p) => p.path), ...contactOutcomePaths, ...feedPaths];
}
