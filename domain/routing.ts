import { clientRenderedPages } from "./site-paths.ts";

/**
 * Which paths exist and where the retired ones go. Shared by the Fastify server
 * (real HTTP redirects) and the client router (the same redirects after hydration),
 * so the two can never disagree.
 */

/** The fixed exact-path redirects (docs/product.md, "Redirects"). Targets may carry a #fragment. */
export const redirectTable: Readonly<Record<string, string>> = Object.freeze({
  "/guides/wordpress": "/guides#wordpress",
  "/blog": "/secret/blog",
  "/secret/blog/building": "/secret/blog#building",
  "/canvases": "/previous-work",
  "/canvases/story-circle": "/previous-work",
});

const clientRenderedExact = new Set(clientRenderedPages);

/** Strips one trailing slash (except for the root) so "/blog/" and "/blog" match alike. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** Client-rendered screens (site-paths.ts): served from the SPA fallback and never indexed. */
export function isClientRenderedPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    clientRenderedExact.has(path) ||
    path.startsWith("/admin/") ||
    isInvitePath(path) ||
    isResetPasswordPath(path)
  );
}

/** A team invitation's link, `/invite/{token}` (docs/team.md): its address is a key. */
export const isInvitePath = (pathname: string) => /^\/invite\/[A-Za-z0-9_-]{1,100}$/.test(pathname);

/** A password reset link, `/reset-password/{token}` (docs/team.md): its address is a key too. */
export const isResetPasswordPath = (pathname: string) =>
  /^\/reset-password\/[A-Za-z0-9_-]{1,100}$/.test(pathname);

/** The admin workspace: /admin and everything under it. */
export const isAdminPath = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/** The fixed explicit redirect for this path, or null when it has none. */
export function findRedirect(pathname: string): string | null {
  return redirectTable[normalizePath(pathname)] ?? null;
}

/** Where "any other path" goes, fixed (docs/product.md, "Redirects"). */
export const unknownPathTarget = "/";
