/**
 * Where a lead came from (ADR 013): the page its form was on, the site that sent the visitor
 * (the landing page's referrer) and the campaign tags of the landing URL. Whatever a browser
 * sends here is a hint, never a reason to refuse a lead: values are cleaned and cut to size,
 * not validated.
 */

export const sourceLimits = Object.freeze({
  sourcePage: 200,
  referrer: 500,
  utm: 100,
  /** The derived label. */
  source: 100,
});

/** The campaign tags kept from a landing URL, as query parameter and API field names. */
export const utmParameters = Object.freeze({
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
} as const);

export type VisitSource = {
  readonly referrer?: string | undefined;
  readonly utmSource?: string | undefined;
  readonly utmMedium?: string | undefined;
  readonly utmCampaign?: string | undefined;
};

/** Where a lead came from, cleaned: absent values are null. */
export type LeadSource = {
  readonly referrer: string | null;
  readonly utmSource: string | null;
  readonly utmMedium: string | null;
  readonly utmCampaign: string | null;
  /** One label to filter and count by: the campaign's source, the referring site, or "direct". */
  readonly source: string;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * One line of text, control characters (C0, DEL, C1, line separators) removed, trimmed, and
 * at most `max` characters (code points, so an emoji is never cut in half). Null when empty.
 */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const cleaned = [...value.replace(controlCharacters, "").trim()].slice(0, max).join("").trim();
  return cleaned === "" ? null : cleaned;
}

/**
 * A referrer as kept: an http(s) URL's origin and path only. Its query and fragment can carry
 * someone's search terms or tokens, and credentials never belong here.
 */
export function cleanReferrer(value: unknown): string | null {
  const text = cleanText(value, 2000);
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return cleanText(
      `${url.origin}${url.pathname === "/" ? "" : url.pathname}`,
      sourceLimits.referrer,
    );
  } catch {
    return null;
  }
}

/** A referring site's name: its host, without "www.". */
const siteOf = (referrer: string) => {
  try {
    return new URL(referrer).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
};

/**
 * Cleans what a visit reported and labels it. `ownHosts` are this site's host names: a
 * referrer from one of them is a visitor moving between our own pages, not a source.
 */
export function leadSourceOf(visit: VisitSource, ownHosts: readonly string[] = []): LeadSource {
  const utm = (value: unknown) => cleanText(value, sourceLimits.utm);
  const referrer = cleanReferrer(visit.referrer);
  const referringSite = referrer ? siteOf(referrer) : null;
  const own = (host: string) =>
    ownHosts.some((own) => own.replace(/^www\./, "").toLowerCase() === host.toLowerCase());
  const external = referringSite && !own(referringSite) ? referringSite : null;
  const utmSource = utm(visit.utmSource);
  const label = (utmSource ?? external ?? "direct").toLowerCase();
  return {
    referrer: external ? referrer : null,
    utmSource,
    utmMedium: utm(visit.utmMedium),
    utmCampaign: utm(visit.utmCampaign),
    source: cleanText(label, sourceLimits.source) ?? "direct",
  };
}

/** The campaign tags of a URL's query string (a landing page, or the Referer of a form post). */
export function utmOf(search: string): VisitSource {
  const params = new URLSearchParams(search);
  return {
    utmSource: params.get("utm_source") ?? undefined,
    utmMedium: params.get("utm_medium") ?? undefined,
    utmCampaign: params.get("utm_campaign") ?? undefined,
  };
}

/** A `source=` filter value as the lists compare it: the label's own form, or nothing. */
export const sourceFilterOf = (value: string | null | undefined) =>
  cleanText(value, sourceLimits.source)?.toLowerCase();
