import { readSession } from "./storage.ts";

/**
 * JSON calls to our API. Results are values, never thrown: `status` 0 means no response
 * (network failure) or, for the authenticated helpers, no call at all.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; error: string | null; data: unknown };

async function call<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: "application/json", ...init.headers },
      // Tokens and lead data are never worth a cached answer.
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, error: "We couldn't reach the server.", data: null };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // A body that is not JSON (a proxy's error page, say) carries no message.
  }
  if (response.ok)
    return { ok: true, status: response.status, data: data as T, headers: response.headers };
  const message = (data as { message?: unknown } | null)?.message;
  return {
    ok: false,
    status: response.status,
    error: typeof message === "string" && message.trim() ? message : null,
    data,
  };
}

const jsonBody = (body: unknown): RequestInit => ({
  body: JSON.stringify(body ?? {}),
  headers: { "content-type": "application/json" },
});

/** A call that needs no session (login, sign-up). */
export function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}) {
  const init = jsonBody(body);
  return call<T>(path, { method: "POST", ...init, headers: { ...init.headers, ...headers } });
}

/** What the authenticated helpers answer without a stored user: no call, a null error (spec section 6). */
const noSession = { ok: false, status: 0, error: null, data: null } as const;

/** GET with the stored access token in x-access-token. */
export async function authGet<T>(path: string): Promise<ApiResult<T>> {
  const session = readSession();
  if (!session) return noSession;
  return call<T>(path, { method: "GET", headers: { "x-access-token": session.accessToken } });
}

/** POST JSON with the stored access token in x-access-token. */
export async function authPost<T>(path: string, body: unknown = {}): Promise<ApiResult<T>> {
  const session = readSession();
  if (!session) return noSession;
  return postJson<T>(path, body, { "x-access-token": session.accessToken });
}
