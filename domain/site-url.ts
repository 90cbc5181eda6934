/** Default origin for canonical links, sitemap and feeds when SITE_URL is unset. */
export const defaultSiteUrl = "http://localhost:3000";

/**
 * Validates SITE_URL: an absolute http(s) origin without a path, returned without a
 * trailing slash. Returns an error message instead of throwing so config validation
 * can report every bad variable at once.
 */
export function parseSiteUrl(value: string | undefined): { url: string } | { error: string } {
  if (value === undefined || value.trim() === "") return { url: defaultSiteUrl };
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    return { error: `SITE_URL must be an absolute URL like https://example.com (got "${value}")` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { error: `SITE_URL must use http or https (got "${parsed.protocol}")` };
  }
  if (parsed.pathname !== "/" || parsed.search || parsed.hash) {
    return {
      error: `SITE_URL must be an origin without a path, query or fragment (got "${value}")`,
    };
  }
  return { url: parsed.origin };
}
