import { createContext, data, redirect } from "react-router";
import { endpoints } from "../../domain/endpoints.ts";
import type { TeamRole } from "../../domain/roles.ts";
import { authPost, isInconclusive, refreshSession } from "./api.ts";
import { loginPath } from "./forward.ts";
import { readSession, type StoredSession } from "./storage.ts";

/**
 * A session the admin check let in, with the role it answered, and whether the studio requires
 * two-factor sign-in this account has not set up yet (then only Your account opens).
 */
export type AdminSession = StoredSession & { role: TeamRole; mustSetUpTwoFactor?: boolean };

/** The signed-in admin, handed from the admin layout's middleware to its loaders. */
export const adminSessionContext = createContext<AdminSession>();

const unreachable = () =>
  data("We couldn't reach the server to check your login. Please try again in a moment.", {
    status: 503,
  });

/**
 * Entering an admin page (docs/product.md, "Verify, refresh, logout"): verify the login; if
 * that fails, refresh with the refresh token; if that fails too, clear the session and go to
 * /login?forward=<path>. Then the admin check, which sends non-admins to /access-denied.
 * The verify and the admin check go out together, so a good session costs one round trip.
 */
export async function requireAdminSession(path: string): Promise<AdminSession> {
  const session = readSession();
  if (!session) throw redirect(loginPath(path));

  const [verified, firstCheck] = await Promise.all([
    authPost(
      endpoints.verifyLogin,
      { userID: session.id, refresh: session.accessToken },
      {},
      { refresh: false },
    ),
    authPost(endpoints.admin, {}, {}, { refresh: false }),
  ]);
  let adminCheck = firstCheck;
  if (!verified.ok) {
    if (isInconclusive(verified)) throw unreachable();
    const outcome = await refreshSession();
    if (outcome === "unreachable") throw unreachable();
    if (outcome === "refused") throw redirect(loginPath(path));
    adminCheck = await authPost(endpoints.admin);
  }
  if (!adminCheck.ok && isInconclusive(adminCheck)) throw unreachable();
  if (!adminCheck.ok || !adminCheck.data.admin) throw redirect("/access-denied");
  // A team member always has a role; an older server's "admin: true" alone is its owner.
  return {
    ...(readSession() ?? session),
    role: adminCheck.data.role ?? "owner",
    ...(adminCheck.data.mustSetUpTwoFactor ? { mustSetUpTwoFactor: true } : {}),
  };
}

/** The page the guard last let through, and with which access token. */
let guarded: { pathname: string; accessToken: string; session: AdminSession } | null = null;

/**
 * The guard for a navigation to `url`. A new search on the page just guarded, with the same
 * session, is not checked again: a search is typed a pause at a time, and each pause would
 * otherwise cost the verify and admin calls before the lists. The API still checks every call
 * (a session that ended meanwhile gets its 401 there); anything else runs the whole guard.
 */
export async function adminSessionFor(url: URL): Promise<AdminSession> {
  const session = readSession();
  if (
    guarded &&
    session &&
    guarded.pathname === url.pathname &&
    guarded.accessToken === session.accessToken
  )
    return guarded.session;
  const checked = await requireAdminSession(`${url.pathname}${url.search}`);
  guarded = { pathname: url.pathname, accessToken: checked.accessToken, session: checked };
  return checked;
}
