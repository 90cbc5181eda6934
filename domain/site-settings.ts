import * as z from "zod/mini";
import { hasControlCharacter } from "./api.ts";
import { type SiteSettings, builtInSite as site, studioDescription } from "./site.ts";

/**
 * The site settings the owner edits in the studio (`GET|PUT /api/site-settings`): the
 * studio's name, address, contact details, social links and the home page's headline. Until
 * the owner saves them, the values the site was built with (domain/site.ts).
 */
const line = (label: string, max = 120) =>
  z.string({ error: `${label} must be text.` }).check(
    z.trim(),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
    z.refine((value) => !hasControlCharacter(value), `${label} must be one line of text.`),
  );
const required = (label: string, max = 120) =>
  line(label, max).check(z.minLength(1, `${label} is required.`));

export const socialLinkSchema = z.object({
  label: required("A link's label", 40),
  url: required("A link's address", 300).check(
    z.refine((value) => {
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    }, "A link's address must be a full https:// address."),
  ),
});

export const siteSettingsSchema = z.object({
  studioName: required("The studio's name", 80),
  tagline: required("The tagline", 160),
  streetAddress: line("The street address"),
  locality: required("The town or city", 80),
  region: line("The region", 80),
  postalCode: line("The postal code", 20),
  country: required("The country", 2).check(
    z.regex(/^[A-Z]{2}$/, "The country must be a two-letter code such as US."),
  ),
  phone: line("The phone number", 40),
  email: required("The e-mail address", 320).check(
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "The e-mail address is not valid."),
  ),
  socialLinks: z.array(socialLinkSchema).check(z.maxLength(12, "At most 12 social links.")),
  homeHeadline: required("The home page's headline", 120),
  homeSubline: line("The home page's subline", 300),
  showSampleTestimonials: z.boolean({ error: "Show sample testimonials must be true or false." }),
});
export type SiteSettingsData = z.output<typeof siteSettingsSchema>;

/** What the site shows until the owner saves settings (domain/site.ts). */
export const defaultSiteSettings: SiteSettingsData = Object.freeze({
  studioName: site.name,
  tagline: site.tagline,
  streetAddress: site.streetAddress,
  locality: site.city,
  region: site.region,
  postalCode: site.postalCode,
  country: site.country,
  phone: site.phone,
  email: site.email,
  socialLinks: site.social.map(({ label, href }) => ({ label, url: href })),
  homeHeadline: site.homeHeadline,
  homeSubline: site.homeSubline,
  showSampleTestimonials: site.showSampleTestimonials,
});

/** A social link's handle as shown beside it: the address's last path segment. */
function handleOf(url: string): string {
  try {
    const { hostname, pathname } = new URL(url);
    const last = pathname.split("/").filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : hostname;
  } catch {
    return url;
  }
}

/**
 * The studio as pages and e-mails read it (domain/site.ts), from the owner's settings and
 * the hours the booking availability gives (`studioHours`). A link that is one of the
 * built-in ones keeps its handle as written there.
 */
export function siteFromSettings(settings: SiteSettingsData, hours: string | null): SiteSettings {
  const place = [settings.locality, settings.region].filter(Boolean).join(", ");
  const name = settings.studioName;
  return Object.freeze({
    name,
    shortName: name === site.name ? site.shortName : (name.split(/\s+/)[0] ?? name),
    tagline: settings.tagline,
    description: studioDescription(name, place),
    email: settings.email,
    phone: settings.phone,
    streetAddress: settings.streetAddress,
    city: settings.locality,
    region: settings.region,
    postalCode: settings.postalCode,
    country: settings.country,
    place,
    hours,
    foundedYear: site.foundedYear,
    social: Object.freeze(
      settings.socialLinks.map(({ label, url }) => ({
        label,
        href: url,
        handle: site.social.find((known) => known.href === url)?.handle ?? handleOf(url),
      })),
    ),
    homeHeadline: settings.homeHeadline,
    homeSubline: settings.homeSubline,
    showSampleTestimonials: settings.showSampleTestimonials,
  });
}
