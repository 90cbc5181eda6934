import { isClientRenderedPath } from "../domain/routing.ts";

/**
 * Moving between public pages (ADR 014): each is its own document, made to feel
 * instant. Speculation rules prerender a same-origin public page when the visitor shows
 * intent (hover or press: "moderate" eagerness); the admin, account screens, the API and
 * files are never fetched ahead. Browsers without support ignore the block. The CSP allows
 * it by hash, like every inline script (server/site/static-site.ts).
 */
const neverAhead = ["/admin", "/login", "/signup", "/forgot-password", "/logout", "/access-denied"];
if (!neverAhead.every(isClientRenderedPath)) throw new Error("speculation: list out of date");

export const speculationRules = JSON.stringify({
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/api/*",
                "/*.*", // files (feeds, images): not pages
                ...neverAhead.flatMap((path) => [path, `${path}/*`]),
              ],
            },
          },
          { not: { selector_matches: "[rel~=nofollow], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/**
 * Cross-document view transitions: the new page cross-fades in (the browser's default),
 * only where motion is welcome; browsers without support simply load the page.
 */
export const viewTransitionCss =
  "@media (prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}";
