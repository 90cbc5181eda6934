/** Where /login sends a user when `forward` is missing or not a path on this site. */
export const defaultForward = "/home";

const siteOrigin = "https://fineline.invalid";

/**
 * The login's `forward` target (spec section 2), accepted only as a path on this site: an
 * absolute URL, a protocol-relative "//evil.example", a backslash trick or a control
 * character falls back to /home, so the login page can never be used to send people away.
 */
export function safeForward(value: string | null | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith("/")) return defaultForward;
  // Browsers treat "\" like "/" and ignore tabs and newlines, so "/\evil" and "/\t/evil" are off-site.
  const hasControlOrBackslash = [...value].some(
    (c) => c === "\\" || c <= "\u001f" || c === "\u007f",
  );
  if (hasControlOrBackslash || value.startsWith("//")) return defaultForward;
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return defaultForward;
  }
  if (url.origin !== siteOrigin) return defaultForward;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Never back to a screen that would bounce straight back here.
  return url.pathname === "/login" || url.pathname === "/logout" ? defaultForward : path;
}

/** /login?forward=<path>, keeping the slashes readable as in the spec ("/login?forward=/admin"). */
export function loginPath(forward: string): string {
  return `/login?forward=${encodeURIComponent(forward).replaceAll("%2F", "/")}`;
}
