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
  /**
   * One label to filter and count by: the campaign's source, the referring site's name
   * ("google"), or "direct".
   */
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

/** A referring site's host, without "www.", or null when the referrer is not a URL. */
const hostOf = (referrer: string) => {
  try {
    return new URL(referrer).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
};

/**
 * Sites whose name is not their host's: link shorteners and a renamed site. t.co (every link
 * posted on X), x.com and twitter.com are all "twitter", the name campaigns most often use in
 * utm_source and the one an owner recognises in a list. bit.ly sends visitors from anywhere,
 * so it stays a shortener ("bitly"), not a guess at the site behind it. A host matches its
 * subdomains too (mobile.x.com), never a mere lookalike (t.me is Telegram, not t.co).
 */
export const siteAliases: Readonly<Record<string, string>> = Object.freeze({
  "t.co": "twitter",
  "x.com": "twitter",
  "lnkd.in": "linkedin",
  "youtu.be": "youtube",
  "fb.me": "facebook",
  "bit.ly": "bitly",
});

/**
 * Second-level labels that are part of a country's suffix (google.co.uk, abc.com.au,
 * ox.ac.uk): the site's name is the label before them. Short on purpose: the full public
 * suffix list is hundreds of kilobytes this module would carry to the browser, and the
 * sources only need the common cases to read as one.
 */
const suffixLabels = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "mil", "ne", "or"]);

const ipv4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * A site's name from its host (ADR 013): google.com, www.google.co.uk and
 * news.google.com are all "google", so a campaign tagged utm_source=google and a visitor
 * sent by google.com count as one source. The last label (the public-suffix-ish ending) is
 * dropped, then a country's second level (co, com, …) when more labels remain, and the last
 * label left is the name. An IP address, localhost or another single-label host has no name
 * but itself, and stays as it is. The full referrer stays in the lead's Referrer.
 */
export function siteNameOf(host: string): string {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/\.+$/, "")
    .replace(/^www\./, "");
  if (bare.includes(":") || bare.startsWith("[") || ipv4.test(bare) || !bare.includes(".")) {
    return bare;
  }
  for (const [alias, name] of Object.entries(siteAliases)) {
    if (bare === alias || bare.endsWith(`.${alias}`)) return name;
  }
  const labels = bare.split(".").slice(0, -1);
  if (labels.length > 1 && suffixLabels.has(labels.at(-1) ?? "")) labels.pop();
  return labels.at(-1) || bare;
}

/**
 * Whether a label is written as a host name (labels joined by dots, ending in a top-level
 * domain of letters or punycode): "facebook.com" is, "newsletter.v2" and "spring sale" are not.
 */
const hostLike = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]+)\.?$/;

/**
 * A source label in its one form: lowercased, and a host or a web address (utm_source=
 * facebook.com, as some link builders write it, or a host typed into the filter) named as its
 * site. Naming a name again changes nothing, so every label filters to itself.
 */
function labelOf(text: string): string {
  const lower = text.toLowerCase();
  const host = /^https?:\/\//.test(lower) ? hostOf(cleanReferrer(lower) ?? "") : null;
  if (host) return siteNameOf(host);
  return hostLike.test(lower) ? siteNameOf(lower) : lower;
}

/**
 * Cleans what a visit reported and labels it. `ownHosts` are this site's host names: a
 * referrer from one of them is a visitor moving between our own pages, not a source.
 */
export function leadSourceOf(visit: VisitSource, ownHosts: readonly string[] = []): LeadSource {
  const utm = (value: unknown) => cleanText(value, sourceLimits.utm);
  const referrer = cleanReferrer(visit.referrer);
  const referringHost = referrer ? hostOf(referrer) : null;
  // Our own pages are told apart by host, not by name: fineline.studio and a fineline.co.uk
  // that is someone else's would share the name "fineline".
  const own = (host: string) =>
    ownHosts.some((own) => own.replace(/^www\./, "").toLowerCase() === host.toLowerCase());
  const external = referringHost && !own(referringHost) ? referringHost : null;
  const utmSource = utm(visit.utmSource);
  const label = utmSource ? labelOf(utmSource) : external ? siteNameOf(external) : "direct";
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

/**
 * A `source=` filter value as the lists compare it: the label's own form, or nothing. A host
 * (source=google.com, or a pasted https://www.google.com/) finds the site's leads, "google".
 */
export function sourceFilterOf(value: string | null | undefined): string | undefined {
  const text = cleanText(value, sourceLimits.referrer);
  return (text && cleanText(labelOf(text), sourceLimits.source)) || undefined;
}
