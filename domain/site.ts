import { defaultAvailability } from "./booking.ts";
import { studioHours } from "./studio-hours.ts";

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
  readonly streetAddress: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
  /** Where the studio is, as a page says it: "Savannah, Georgia". */
  readonly place: string;
  /** The studio's hours as the booking availability has them; null when it has none. */
  readonly hours: string | null;
  readonly foundedYear: number;
  readonly social: readonly SocialLink[];
  readonly homeHeadline: string;
  readonly homeSubline: string;
  readonly showSampleTestimonials: boolean;
};

/** An independent studio's one-line description, naming where it is. */
export const studioDescription = (name: string, place: string) =>
  `${name} is an independent web studio in ${place}. We design, build and look after fast, search-friendly websites for small businesses.`;

/**
 * The zone a build states the studio's default hours in: TIMEZONE, as the server reads it
 * (server/config.ts, where UTC is the default); a server in another zone renders its pages
 * again at start.
 */
function buildTimeZone(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  const zone = env?.TIMEZONE?.trim() || "UTC";
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * What the site says until the owner saves site settings (and what a build renders): the
 * settings' defaults (domain/site-settings.ts) and the booking availability's default hours.
 */
export const builtInSite: SiteSettings = Object.freeze({
  name: "Fineline Studio",
  shortName: "Fineline",
  tagline: "Websites that earn trust in half a second.",
  description: studioDescription("Fineline Studio", "Savannah, Georgia"),
  email: "hello@fineline.studio",
  phone: "+1 (912) 555-0148",
  streetAddress: "",
  city: "Savannah",
  region: "Georgia",
  postalCode: "",
  country: "US",
  place: "Savannah, Georgia",
  hours: studioHours(defaultAvailability.weeklyHours, buildTimeZone()),
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
  homeHeadline: "Websites that earn trust in half a second.",
  homeSubline:
    "We design, build and look after fast, findable websites for small businesses, so the first impression does the selling and the inquiries land in your inbox, not in a void.",
  showSampleTestimonials: true,
});

/**
 * The studio as the owner's saved settings describe it (docs/decisions/033, "Site
 * settings"): a running server installs them here whenever they change, and every page it
 * renders, and every e-mail it writes, reads them. The React Router bundle holds its own copy
 * of this module, so they live on a process-wide symbol. Nothing installed: the built-in ones.
 */
const installedKey = Symbol.for("fineline.studio-settings");
type Holder = { [installedKey]?: SiteSettings | null };

export function installSiteSettings(settings: SiteSettings | null): void {
  (globalThis as Holder)[installedKey] = settings;
}

export function currentSite(): SiteSettings {
  return (globalThis as Holder)[installedKey] ?? builtInSite;
}

/** The current settings, read at the moment each field is used (never captured at import). */
export const site: SiteSettings = Object.freeze(
  Object.defineProperties(
    {},
    Object.fromEntries(
      Object.keys(builtInSite).map((key) => [
        key,
        { enumerable: true, get: () => currentSite()[key as keyof SiteSettings] },
      ]),
    ),
  ),
) as SiteSettings;
