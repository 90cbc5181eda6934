import { clearSession, readSession, replaceTokens } from "./storage.ts";

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

/** No answer, an overloaded server or a rate limit: says nothing about whether the session is good. */
export const isInconclusive = (result: ApiResult<unknown>) =>
  result.status === 0 || result.status === 429 || result.status >= 500;

/** `refresh: false` for the guard, which runs the spec's verify → refresh steps itself. */
type CallOptions = { refresh?: boolean };

export type RefreshOutcome = "refreshed" | "refused" | "unreachable";

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Trades the stored refresh token for new tokens (spec section 4: a 200 with accessToken
 * replaces the stored access token; we also keep the rotated refresh token). Calls made at
 * the same moment share one refresh, so a rotated token is never presented twice by us.
 * A refusal clears the session; no answer leaves it alone.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async () => {
    const session = readSession();
    if (!session) return "refused" as const;
    const result = await postJson<{ accessToken?: unknown; refreshToken?: unknown }>(
      "/api/auth/refresh",
      { userID: session.id, refresh: session.refreshToken },
      { "x-access-token": session.accessToken },
    );
    if (result.ok && typeof result.data?.accessToken === "string") {
      replaceTokens({
        accessToken: result.data.accessToken,
        refreshToken: result.data.refreshToken,
      });
      return "refreshed" as const;
    }
    if (isInconclusive(result)) return "unreachable" as const;
    clearSession();
    return "refused" as const;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * An authenticated call: the stored access token in x-access-token; on a 401 (the token
 * expired while the page was open) one refresh and one retry.
 */
async function authCall<T>(
  path: string,
  init: RequestInit,
  { refresh = true }: CallOptions = {},
): Promise<ApiResult<T>> {
  const send = () => {
    const session = readSession();
    if (!session) return Promise.resolve(noSession as ApiResult<T>);
    return call<T>(path, {
      ...init,
      headers: { ...init.headers, "x-access-token": session.accessToken },
    });
  };
  const first = await send();
  if (first.ok || first.status !== 401 || !refresh) return first;
  return (await refreshSession()) === "refreshed" ? send() : first;
}

/** GET with the stored access token; no stored user → no call, null error (spec section 6). */
export function authGet<T>(path: string, options?: CallOptions): Promise<ApiResult<T>> {
  return authCall<T>(path, { method: "GET" }, options);
}

/** POST JSON with the stored access token; no stored user → no call, null error. */
export function authPost<T>(
  path: string,
  body: unknown = {},
  options?: CallOptions,
): Promise<ApiResult<T>> {
  return authCall<T>(path, { method: "POST", ...jsonBody(body) }, options);
}

/** A file from the API (the CSV export) as a Blob, with the same token and refresh as authGet. */
export async function authDownload(path: string): Promise<Blob | null> {
  const send = async () => {
    const session = readSession();
    if (!session) return null;
    try {
      return await fetch(path, {
        headers: { "x-access-token": session.accessToken },
        cache: "no-store",
      });
    } catch {
      return null;
    }
  };
  let response = await send();
  if (response?.status === 401 && (await refreshSession()) === "refreshed") response = await send();
  return response?.ok ? response.blob() : null;
}
