import { afterEach, describe, expect, it, vi } from "vitest";
import { authGet, authPost } from "./api.ts";
import { sessionKey } from "./storage.ts";

/** A minimal localStorage, as the browser has. */
function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("authenticated helpers", () => {
  it("make no call and report a null error when no user is stored (spec section 6)", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("localStorage", fakeStorage());
    expect(await authGet("/api/leads/new")).toMatchObject({ ok: false, error: null });
    expect(await authPost("/api/leads/update/x", {})).toMatchObject({ ok: false, error: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("send the stored access token in x-access-token, and refresh once on a 401", async () => {
    const storage = fakeStorage({
      [sessionKey]: JSON.stringify({
        id: "u1",
        accessToken: "old",
        refreshToken: "r1",
        email: "a@b.example",
      }),
    });
    vi.stubGlobal("localStorage", storage);
    const seen: Array<{ url: string; token: string | null }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const token = new Headers(init.headers).get("x-access-token");
        seen.push({ url, token });
        if (url === "/api/auth/refresh")
          return Response.json({ accessToken: "new", refreshToken: "r2" });
        return token === "new"
          ? Response.json([])
          : Response.json({ message: "Please log in." }, { status: 401 });
      }),
    );
    const result = await authGet("/api/leads/new");
    expect(result.ok).toBe(true);
    expect(seen.map((s) => `${s.url} ${s.token}`)).toEqual([
      "/api/leads/new old",
      "/api/auth/refresh old",
      "/api/leads/new new",
    ]);
    expect(JSON.parse(storage.getItem(sessionKey) ?? "{}")).toMatchObject({
      accessToken: "new",
      refreshToken: "r2",
      email: "a@b.example",
    });
  });
});
