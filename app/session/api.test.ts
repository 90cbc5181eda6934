import { afterEach, describe, expect, it, vi } from "vitest";
import { endpoints } from "../../domain/endpoints.ts";
import { authGet, authPost, isInconclusive, postJson, unexpectedAnswer } from "./api.ts";
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
  it('make no call and report a null error when no user is stored (docs/product.md, "The stored session")', async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("localStorage", fakeStorage());
    expect(await authGet(endpoints.newLeads)).toMatchObject({ ok: false, error: null });
    expect(await authPost(endpoints.updateLead, {}, { params: { id: "x" } })).toMatchObject({
      ok: false,
      error: null,
    });
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
    const result = await authGet(endpoints.newLeads);
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

describe("responses checked against the contract", () => {
  const lead = {
    ID: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    FirstName: "Rosa",
    LastName: "Delgado",
    Email: "rosa@bakery.example",
    Message: "Hi",
    ContactedUs: true,
    LeadStatus: "WARM",
    CommStatus: "UNREAD",
    Notes: "",
    SourcePage: "/",
    CreatedAt: "2026-11-01T09:00:00.000Z",
    UpdatedAt: "2026-11-01T09:00:00.000Z",
  };
  const signedIn = () =>
    vi.stubGlobal(
      "localStorage",
      fakeStorage({
        [sessionKey]: JSON.stringify({ id: "u1", accessToken: "a", refreshToken: "r" }),
      }),
    );

  it("gives the page exactly the fields the schema names", async () => {
    signedIn();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json([{ ...lead, password_hash: "$argon2id$…", internal: 1 }])),
    );
    const result = await authGet(endpoints.newLeads);
    expect(result).toMatchObject({ ok: true, data: [lead] });
    expect(result.ok && Object.keys(result.data[0] ?? {})).not.toContain("password_hash");
  });

  it("accepts answers with only the spec's fields, and keeps the whole login response", async () => {
    signedIn();
    const specLead = Object.fromEntries(
      Object.entries(lead).filter(
        ([key]) => !["SourcePage", "CreatedAt", "UpdatedAt"].includes(key),
      ),
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json([specLead])),
    );
    expect(await authGet(endpoints.oldLeads)).toMatchObject({ ok: true, data: [specLead] });
    const login = { id: "u1", accessToken: "a", refreshToken: "r", theme: "dark" };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(login)),
    );
    const result = await postJson(endpoints.login, {});
    expect(result).toMatchObject({ ok: true, raw: login });
  });

  it("turns an answer of the wrong shape into an error with a clear message, not a crash", async () => {
    signedIn();
    for (const body of [{ leads: [] }, [{ ...lead, CommStatus: "MAYBE" }], "text", null]) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => Response.json(body)),
      );
      const result = await authGet(endpoints.newLeads);
      expect(result, JSON.stringify(body)).toMatchObject({
        ok: false,
        status: 200,
        error: unexpectedAnswer,
        unexpected: true,
      });
      // A mismatch says nothing about the session: the guard must not log the user out over it.
      expect(isInconclusive(result)).toBe(true);
    }
  });

  it("reports no answer as status 0 with no message, for the screen's own default", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await postJson(endpoints.login, {})).toMatchObject({
      ok: false,
      status: 0,
      error: null,
    });
  });

  it("keeps an error body's message, and only a string one", async () => {
    for (const [body, error] of [
      [{ message: "Saved? No." }, "Saved? No."],
      [{ message: 42 }, null],
      ["<html>proxy error</html>", null],
    ] as const) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => Response.json(body, { status: 502 })),
      );
      expect(await postJson(endpoints.login, {})).toMatchObject({ ok: false, status: 502, error });
    }
  });
});
