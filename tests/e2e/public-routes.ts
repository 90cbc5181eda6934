import {
  blogPosts,
  caseStudies,
  events,
  wordpressGuides,
} from "../../app/content/collections.server.ts";
import { listPublicPages } from "../../app/content/public-paths.server.ts";
import { clientRenderedPages } from "../../domain/site-paths.ts";

/** The heading each hand-made page must show; a page added to the table without one fails. */
const staticHeadings: Record<string, RegExp> = {
  "/": /Websites that earn trust in half a second/,
  "/home": /Websites that earn trust in half a second/,
  "/home2": /night shift/,
  "/home3": /Clear lines/,
  "/previous-work": /Work we can put numbers to/,
  "/about": /A small studio for small businesses/,
  "/links": /Everything, one tap away/,
  "/test": /^Test$/,
  "/events": /Come and talk websites with us/,
  "/guides": /Guides for the people who run the business/,
  "/secret/blog": /Notes from the studio/,
  "/book": /Thirty minutes, and you’ll know your next step/,
  "/privacy": /What we keep, and for how long/,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const entries = [...blogPosts(), ...caseStudies(), ...wordpressGuides(), ...events()];
/** A content page shows its title; its first words (before any colon) are what the test checks. */
const contentHeading = (path: string) => {
  const title = entries.find((entry) => path.endsWith(`/${entry.slug}`))?.meta.title;
  return title ? new RegExp(escapeRegExp(title.split(":")[0] ?? title)) : undefined;
};

/** Every public page (domain/site-paths.ts and the content collections) and its heading. */
export const publicRoutes: ReadonlyArray<{ path: string; heading: RegExp }> = listPublicPages().map(
  ({ path }) => {
    const heading = staticHeadings[path] ?? contentHeading(path);
    if (!heading) throw new Error(`No expected heading for ${path}: add it to public-routes.ts`);
    return { path, heading };
  },
);

/** Client-rendered screens: served from the SPA fallback, never indexed. */
export const privateRoutes = clientRenderedPages;
