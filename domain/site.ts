/**
 * Site settings: the one place the brand, contact details and social links live.
 * Isomorphic (no node:*, no DOM) so pages, feeds and, later, e-mails share them.
 */
export type SocialLink = {
  readonly label: string;
  readonly href: string;
  readonly handle: string;
};

export type SiteSettings = {
  readonly name: string;
  readonly shortName: string;
  readonly tagline: string;
  readonly description: string;
  readonly email: string;
  readonly phone: string;
  readonly city: string;
  readonly region: string;
  readonly country: string;
  readonly foundedYear: number;
  readonly social: readonly SocialLink[];
};

export const site: SiteSettings = Object.freeze({
  name: "Fineline Studio",
  shortName: "Fineline",
  tagline: "Websites that earn trust in half a second.",
  description:
    "Fineline Studio is an independent web studio in Savannah, Georgia. We design, build and look after fast, search-friendly websites for small businesses.",
  email: "hello@fineline.studio",
  phone: "+1 (912) 555-0148",
  city: "Savannah",
  region: "GA",
  country: "US",
  foundedYear: 2019,
  social: Object.freeze([
    {
      label: "LinkedIn",
      href: "https://www.linkedin.com/company/fineline-studio",
      handle: "fineline-studio",
    },
    { label: "GitHub", href: "https://github.com/fineline-studio", handle: "fineline-studio" },
    {
      label: "Instagram",
      href: "https://www.instagram.com/fineline.studio",
      handle: "@fineline.studio",
    },
    {
      label: "Mastodon",
      href: "https://mastodon.social/@fineline",
      handle: "@fineline@mastodon.social",
    },
  ]),
});
