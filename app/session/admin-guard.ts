import { createContext, data, redirect } from "react-router";
import { type ApiResult, authPost, postJson } from "./api.ts";
import { loginPath } from "./forward.ts";
import { clearSession, readSession, replaceTokens, type StoredSession } from "./storage.ts";

/** The signed-in admin, handed from the admin layout's middleware to its loaders. */
export const adminSessionContext = createContext<StoredSession>();

/** No answer, an overloaded server or a rate limit says nothing about the session: keep it. */
const inconclusive = (result: ApiResult<unknown>) =>
  result.status === 0 || result.status === 429 || result.status >= 500;

const unreachable = () =>
  data("We couldn't reach the server to check your login. Please try again in a moment.", {
    status: 503,
  });

type RefreshBody = { accessToken?: unknown; refreshToken?: unknown };

/**
 * Entering an admin page (spec sections 4 and 8): verify the login; if that fails, refresh
 * with the refresh token; if that fails too, clear the session and go to
 * /login?forward=<path>. Then the admin check, which sends non-admins to /access-denied.
 * The verify and the admin check go out together, so a good session costs one round trip.
 */
export async function requireAdminSession(path: string): Promise<StoredSession> {
  const session = readSession();
  if (!session) throw redirect(loginPath(path));

  const [verified, firstCheck] = await Promise.all([
    authPost("/api/auth/verify-login", { userID: session.id, refresh: session.accessToken }),
    authPost<{ admin?: unknown }>("/api/auth/admin"),
  ]);
  let adminCheck = firstCheck;
  if (!verified.ok) {
    if (inconclusive(verified)) throw unreachable();
    const refreshed = await postJson<RefreshBody>(
      "/api/auth/refresh",
      { userID: session.id, refresh: session.refreshToken },
      { "x-access-token": session.accessToken },
    );
    if (refreshed.ok && typeof refreshed.data?.accessToken === "string") {
      replaceTokens({
        accessToken: refreshed.data.accessToken,
        refreshToken: refreshed.data.refreshToken,
      });
      adminCheck = await authPost<{ admin?: unknown }>("/api/auth/admin");
    } else if (inconclusive(refreshed)) {
      throw unreachable();
    } else {
      clearSession();
      throw redirect(loginPath(path));
    }
  }
  if (!adminCheck.ok && inconclusive(adminCheck)) throw unreachable();
  if (!adminCheck.ok || adminCheck.data?.admin !== true) throw redirect("/access-denied");
  return readSession() ?? session;
}
