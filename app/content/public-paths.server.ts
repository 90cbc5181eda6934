import {
  type ContactOutcome,
  contactOutcomePath,
  contactOutcomes,
} from "../../domain/contact-outcomes.ts";
import { registeredPagePath } from "../../domain/event-texts.ts";
import {
  bookingManagePage,
  collectionPaths,
  feedPaths,
  registrationManagePage,
  type StaticPage,
  staticPages,
} from "../../domain/site-paths.ts";
import { buildTime } from "./build-clock.server.ts";
import { blogPosts, caseStudies, events, wordpressGuides } from "./collections.server.ts";

export type PublicPage = StaticPage & { readonly lastModified?: string };

export const blogPostPath = collectionPaths.blogPost.path;
export const guidePath = collectionPaths.guide.path;
export const caseStudyPath = collectionPaths.caseStudy.path;
export const eventPath = collectionPaths.event.path;

/**
 * Every public page, in sitemap order: the table in domain/site-paths.ts, each collection's
 * pages after its index page. Reading the content validates it, so a bad file fails here.
 */
export function listPublicPages(): PublicPage[] {
  const posts = blogPosts();
  const guides = wordpressGuides();
  const studies = caseStudies();
  const latest = (dates: string[]) => dates.sort().at(-1);
  const collections: Record<string, PublicPage[]> = {
    [collectionPaths.caseStudy.index]: studies.map((s) => ({
      path: caseStudyPath(s.slug),
      indexed: true,
      lastModified: s.meta.date,
    })),
    [collectionPaths.guide.index]: guides.map((g) => ({
      path: guidePath(g.slug),
      indexed: true,
      lastModified: g.meta.updated ?? g.meta.date,
    })),
    // Past events keep their pages (links to them stay good); each says it took place.
    [collectionPaths.event.index]: events().map((e) => ({
      path: eventPath(e.slug),
      indexed: true,
    })),
    [collectionPaths.blogPost.index]: posts.map((p) => ({
      path: blogPostPath(p.slug),
      indexed: true,
      lastModified: p.meta.date,
    })),
  };
  return staticPages.flatMap((page) => {
    const members = collections[page.path] ?? [];
    const lastModified = latest(members.map((m) => m.lastModified ?? "").filter(Boolean));
    return [{ ...page, ...(lastModified ? { lastModified } : {}) }, ...members];
  });
}

/** Confirmation and error pages of the no-JavaScript contact form: prerendered, never listed. */
export const contactOutcomePaths = (Object.keys(contactOutcomes) as ContactOutcome[]).map(
  contactOutcomePath,
);

/** Each upcoming event's confirmation page for a no-JavaScript registration (noindex). */
export const registeredPaths = () =>
  events()
    .filter((e) => Date.parse(e.meta.start) > buildTime())
    .map((e) => registeredPagePath(e.slug));

/**
 * The account screens are client-rendered, but their HTML is prerendered too, so what is served
 * has its title and heading before any script runs (ADR 014); they hydrate like the SPA.
 * `/access-denied` is one: without JavaScript it still says why and offers the way out.
 */
export const accountScreenPaths = ["/login", "/signup", "/access-denied"];

/** Everything the build prerenders. */
export function listPrerenderPaths(): string[] {
  return [
    ...listPublicPages().map((p) => p.path),
    ...contactOutcomePaths,
    ...registeredPaths(),
    bookingManagePage.template,
    registrationManagePage.template,
    ...accountScreenPaths,
    ...feedPaths,
  ];
}
