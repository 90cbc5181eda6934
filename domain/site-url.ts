/** Default origin for canonical links, sitemap and feeds when SITE_URL is unset. */
export const defaultSiteUrl = "http://localhost:3000";

/**
 * The origin a server listening on HOST:PORT is reached at, for when SITE_URL is unset: a
 * loopback or any-address host is "localhost"; an IPv6 address is bracketed. Port 0 (pick any)
 * has no address to name yet, so it keeps the default.
 */
export function siteUrlFor(host: string, port: number): string {
  if (port === 0) return defaultSiteUrl;
  const local = ["127.0.0.1", "::1", "0.0.0.0", "::", "localhost"].includes(host);
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}${port === 80 ? "" : `:${port}`}`;
}

/**
 * Validates SITE_URL: an absolute http(s) origin without a path, returned without a
 * trailing slash. Returns an error message instead of throwing so config validation
 * can report every bad variable at once. The message says what is wrong, not the variable's
 * name or value: each caller frames it once (see siteUrlProblem).
 */
export function parseSiteUrl(value: string | undefined): { url: string } | { error: string } {
  if (value === undefined || value.trim() === "") return { url: defaultSiteUrl };
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    return { error: "must be an absolute URL like https://example.com" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { error: "must use http or https" };
  }
  if (parsed.pathname !== "/" || parsed.search || parsed.hash) {
    return { error: "must be an origin without a path, query or fragment" };
  }
  return { url: parsed.origin };
}

/** One line for a build script: `SITE_URL must …(got "…")`, naming the variable once. */
export const siteUrlProblem = (error: string, value: string | undefined) =>
  `SITE_URL ${error} (got "${value ?? ""}")`;
