import * as z from "zod/mini";
import type { Endpoint } from "../../domain/api.ts";
import { endpointPath, endpoints } from "../../domain/endpoints.ts";
import { clearSession, readSession, replaceTokens } from "./storage.ts";

/**
 * JSON calls to our API, each described by its endpoint in domain/endpoints.ts. Results are
 * values, never thrown: `status` 0 means no response (network failure) or, for the
 * authenticated helpers, no call at all. A success is parsed with the endpoint's schema for
 * that status, so the page gets exactly the shape the contract names, or an error.
 */
export type ApiResult<T> =
  | {
      ok: true;
      status: number;
      /** The answer as its schema names it. */
      data: T;
      /**
       * The answer as it came, for what must be kept whole (the login response: docs/product.md,
       * "The stored session").
       */
      raw: unknown;
      headers: Headers;
    }
  | {
      ok: false;
      status: number;
      error: string | null;
      data: unknown;
      /** The server answered, but not in the shape this page was built for (a newer deploy). */
      unexpected?: true;
    };

/** What a page gets back from an endpoint: the output of its first 2xx response schema. */
type ResponsesOf<E extends Endpoint> = E["schema"]["response"];
type SuccessStatus<E extends Endpoint> = Extract<keyof ResponsesOf<E>, 200 | 201 | 202>;
export type SuccessOf<E extends Endpoint> =
  ResponsesOf<E>[SuccessStatus<E>] extends z.ZodMiniType<infer T> ? T : unknown;

export const unexpectedAnswer =
  "The server's answer wasn't what this page expected. Reload the page and try again.";

/**
 * What a call sends: the endpoint's body contract as its callers write it (the schema's input,
 * before defaults and transforms), or nothing for an endpoint without a body.
 */
export type BodyOf<E extends Endpoint> = E["schema"] extends { body: infer B }
  ? B extends z.ZodMiniType
    ? z.input<B>
    : never
  : Record<string, never>;

/** A path and its query: an endpoint's own, or a URL the server gave (a Link header's next page). */
export type Target = { params?: Record<string, string>; query?: string; url?: string };

/** Only our own API gets the access token: a next-page URL must be a path under /api/. */
const isApiPath = (url: string) => url.startsWith("/api/") && !url.startsWith("//");

const urlOf = (endpoint: Endpoint, target: Target = {}) => {
  if (target.url && isApiPath(target.url)) return target.url;
  const path = endpointPath(endpoint, target.params);
  return target.query ? `${path}?${target.query}` : path;
};

const errorMessage = z.object({ message: z.string() });

async function call<E extends Endpoint>(
  endpoint: E,
  init: RequestInit,
  target: Target = {},
): Promise<ApiResult<SuccessOf<E>>> {
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, target), {
      ...init,
      method: endpoint.method,
      headers: { accept: "application/json", ...init.headers },
      // Tokens and lead data are never worth a cached answer.
      cache: "no-store",
    });
  } catch {
    // No response: the caller says what that means on its screen (docs/product.md, "Errors").
    return { ok: false, status: 0, error: null, data: null };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // A body that is not JSON (a proxy's error page, say) carries no message.
  }
  if (!response.ok) {
    const parsed = z.safeParse(errorMessage, data);
    const message = parsed.success ? parsed.data.message.trim() : "";
    return { ok: false, status: response.status, error: message || null, data };
  }
  const schema = (endpoint.schema.response as Record<number, unknown>)[response.status];
  if (!(schema instanceof z.ZodMiniType)) {
    return { ok: false, status: response.status, error: unexpectedAnswer, data, unexpected: true };
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    return { ok: false, status: response.status, error: unexpectedAnswer, data, unexpected: true };
  }
  return {
    ok: true,
    status: response.status,
    data: parsed.data as SuccessOf<E>,
    raw: data,
    headers: response.headers,
  };
}

const jsonBody = (body: unknown): RequestInit => ({
  body: JSON.stringify(body ?? {}),
  headers: { "content-type": "application/json" },
});

/** A call that needs no session (login, sign-up, logout). */
export function postJson<E extends Endpoint>(
  endpoint: E,
  body: BodyOf<E>,
  headers: Record<string, string> = {},
  target: Target = {},
) {
  const init = jsonBody(body);
  return call(endpoint, { ...init, headers: { ...init.headers, ...headers } }, target);
}

/** A GET that needs no session (an invitation's link). */
export const getJson = <E extends Endpoint>(endpoint: E, target: Target = {}) =>
  call(endpoint, {}, target);

/**
 * What an e-mailed link's page shows first (an invitation, a password reset): what the link
 * is for, or why it can't open, in the server's words when it gave some. `what` names the
 * link for the fallback ("this invitation").
 */
export async function linkPreview<E extends Endpoint>(endpoint: E, token: string, what: string) {
  const answer = await getJson(endpoint, { params: { token } });
  if (answer.ok) return { preview: answer.data, problem: null };
  return {
    preview: null,
    problem:
      answer.error ??
      (answer.status === 0
        ? "We couldn't reach the server. Check your connection and reload the page."
        : `We couldn't open ${what}. Reload the page to try again.`),
  };
}

/**
 * What the authenticated helpers answer without a stored user: no call, a null error (fixed:
 * docs/product.md, "The stored session").
 */
const noSession = { ok: false, status: 0, error: null, data: null } as const;

/**
 * No answer, an overloaded server, a rate limit, or an answer this page cannot read: says
 * nothing about whether the session is good.
 */
export const isInconclusive = (result: ApiResult<unknown>) =>
  result.status === 0 ||
  result.status === 429 ||
  result.status >= 500 ||
  (!result.ok && result.unexpected === true);

/**
 * `refresh: false` for the guard, which runs the fixed verify → refresh steps itself
 * (docs/product.md, "Verify, refresh, logout").
 */
type CallOptions = { refresh?: boolean };

export type RefreshOutcome = "refreshed" | "refused" | "unreachable";

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Trades the stored refresh token for new tokens (docs/product.md, "Verify, refresh, logout":
 * a 200 with accessToken replaces the stored access token; we also keep the rotated refresh
 * token). Calls made at the same moment share one refresh, so a rotated token is never
 * presented twice by us. A refusal clears the session; no answer leaves it alone.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async () => {
    const session = readSession();
    if (!session) return "refused" as const;
    const result = await postJson(
      endpoints.refresh,
      { userID: session.id, refresh: session.refreshToken },
      { "x-access-token": session.accessToken },
    );
    if (result.ok) {
      replaceTokens(result.data);
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
async function authCall<E extends Endpoint>(
  endpoint: E,
  init: RequestInit,
  target: Target,
  { refresh = true }: CallOptions = {},
): Promise<ApiResult<SuccessOf<E>>> {
  const send = () => {
    const session = readSession();
    if (!session) return Promise.resolve(noSession);
    return call(
      endpoint,
      { ...init, headers: { ...init.headers, "x-access-token": session.accessToken } },
      target,
    );
  };
  const first = await send();
  if (first.ok || first.status !== 401 || !refresh) return first;
  return (await refreshSession()) === "refreshed" ? send() : first;
}

/**
 * GET with the stored access token; no stored user → no call, null error (docs/product.md,
 * "The stored session").
 */
export function authGet<E extends Endpoint>(
  endpoint: E,
  target: Target = {},
  options?: CallOptions,
): Promise<ApiResult<SuccessOf<E>>> {
  return authCall(endpoint, {}, target, options);
}

/** POST JSON with the stored access token; no stored user → no call, null error. */
export function authPost<E extends Endpoint>(
  endpoint: E,
  body: BodyOf<E> = {} as BodyOf<E>,
  target: Target = {},
  options?: CallOptions,
): Promise<ApiResult<SuccessOf<E>>> {
  return authCall(endpoint, jsonBody(body), target, options);
}

/** DELETE with the stored access token; no stored user → no call, null error. */
export function authDelete<E extends Endpoint>(
  endpoint: E,
  target: Target = {},
  options?: CallOptions,
): Promise<ApiResult<SuccessOf<E>>> {
  return authCall(endpoint, {}, target, options);
}

/**
 * A request to our API with the stored access token and, on a 401, one refresh and one retry,
 * for what the typed helpers above do not carry (files, multipart); null without a session or
 * without an answer.
 */
export async function authFetch(url: string, init: RequestInit = {}): Promise<Response | null> {
  const send = async () => {
    const session = readSession();
    if (!session) return null;
    try {
      return await fetch(url, {
        ...init,
        headers: { ...init.headers, "x-access-token": session.accessToken },
        cache: "no-store",
      });
    } catch {
      return null;
    }
  };
  let response = await send();
  if (response?.status === 401 && (await refreshSession()) === "refreshed") response = await send();
  return response;
}

/** A file from the API (a CSV export) as a Blob, with the same token and refresh as authGet. */
export async function authDownload(endpoint: Endpoint, target: Target = {}): Promise<Blob | null> {
  const response = await authFetch(urlOf(endpoint, target));
  return response?.ok ? response.blob() : null;
}
