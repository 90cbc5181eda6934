/** Where /login sends a user when `forward` is missing or not a path on this site. */
export const defaultForward = "/home";

const siteOrigin = "https://fineline.invalid";

/** A path that a browser would read as another site: "//host" or "/\\host". */
const leavesSite = (path: string) => !path.startsWith("/") || /^\/[/\\]/.test(path);

/**
 * The login's `forward` target (docs/product.md, "The forward rule on `/login`"), accepted only
 * as a path on this site: an absolute URL, a protocol-relative "//evil.example", a backslash
 * trick or a control character falls back to /home, so the login page can never be used to
 * send people away.
 * The check is made on the path as it will be used, after normalising: "/.//evil.example",
 * "/%2e//evil.example" and "/admin/..//evil.example" all normalise to "//evil.example".
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
  if (leavesSite(path)) return defaultForward;
  // Normalising must be done: read again, the path must stay itself and on this site.
  const again = new URL(path, siteOrigin);
  if (again.origin !== siteOrigin || `${again.pathname}${again.search}${again.hash}` !== path)
    return defaultForward;
  // Never back to a screen that would bounce straight back here, however it is spelled (the
  // router matches paths decoded, ignoring case and a trailing slash).
  return bouncesBack(url.pathname) ? defaultForward : path;
}

function bouncesBack(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  const screen = decoded.toLowerCase().replace(/\/+$/, "");
  return screen === "/login" || screen === "/logout";
}

/**
 * /login?forward=<path>, keeping the slashes readable as in the fixed form
 * "/login?forward=/admin" (docs/product.md, "Verify, refresh, logout").
 */
export function loginPath(forward: string): string {
  return `/login?forward=${encodeURIComponent(forward).replaceAll("%2F", "/")}`;
}
