/** Every public page and the heading it must show. */
export const publicRoutes: ReadonlyArray<{ path: string; heading: RegExp }> = [
  { path: "/", heading: /Websites that earn trust in half a second/ },
  { path: "/home", heading: /Websites that earn trust in half a second/ },
  { path: "/home2", heading: /night shift/ },
  { path: "/home3", heading: /Clear lines/ },
  { path: "/previous-work", heading: /Work we can put numbers to/ },
  { path: "/previous-work/longue-vue", heading: /Longue Vue/ },
  { path: "/previous-work/magnolia-mornings", heading: /Magnolia Mornings/ },
  { path: "/about", heading: /A small studio for small businesses/ },
  { path: "/links", heading: /Everything, one tap away/ },
  { path: "/test", heading: /^Test$/ },
  { path: "/events", heading: /Come and talk websites with us/ },
  { path: "/guides", heading: /Guides for the people who run the business/ },
  { path: "/guides/wordpress/intro", heading: /WordPress/ },
  { path: "/guides/wordpress/coupon-code-discount-support-specialist", heading: /coupon/i },
  { path: "/secret/blog", heading: /Notes from the studio/ },
  { path: "/secret/blog/blog/bitdrift", heading: /Bitdrift/ },
  { path: "/secret/blog/blog/caliban", heading: /Caliban/ },
  { path: "/secret/blog/blog/the-5-Ds", heading: /The 5 Ds/ },
  { path: "/secret/blog/blog/to-rosa", heading: /To Rosa/ },
];

/** Client-rendered screens: served from the SPA fallback, never indexed. */
export const privateRoutes = [
  "/login",
  "/signup",
  "/logout",
  "/access-denied",
  "/admin",
  "/admin/leads",
] as const;
