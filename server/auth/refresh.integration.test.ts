import { describe, expect } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import { itOn } from "../test-support/engine-tests.ts";
import { engineTest } from "../test-support/fixture.ts";
import { revokeUserSessions } from "./sessions.repository.ts";

describe.each(testEngines)("refresh tokens on $name", (engine) => {
  const test = engineTest(engine, { env: { RATE_LIMIT: "off", JWT_SECRET: "x".repeat(40) } })
    .extend(
      "post",
      ({ app }) =>
        (url: string, payload: object, headers: Record<string, string> = {}) =>
          app.inject({ method: "POST", url, payload, headers }),
    )
    .extend(
      "login",
      ({ post }) =>
        async () =>
          (
            await post("/api/auth/signup", {
              email: "sam@shop.example",
              password: "correct horse",
              first_name: "Sam",
              last_name: "Reyes",
            })
          ).json() as {
            id: string;
            accessToken: string;
            refreshToken: string;
          },
    )
    .extend(
      "refresh",
      ({ post }) =>
        (userID: string, token: string) =>
          post("/api/auth/refresh", { userID, refresh: token }),
    )
    .extend(
      "tokens",
      ({ database }) =>
        () =>
          database.db
            .selectFrom("refresh_tokens")
            .selectAll()
            .orderBy("created_at")
            .orderBy("id")
            .execute(),
    );

  const onPostgres = itOn(engine, "postgres", test);

  onPostgres(
    "never lets a refresh racing a promotion or a new password keep the session",
    async ({ database, login, refresh, tokens }) => {
      const session = await login();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let changed = () => {};
      const inFlight = new Promise<void>((resolve) => {
        changed = resolve;
      });
      // makeAdmin, stopped before its commit: the account's row first, then its sessions.
      const promotion = database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set((eb) => ({ role: "owner", token_version: eb("token_version", "+", 1) }))
          .where("id", "=", session.id)
          .execute();
        await revokeUserSessions(trx, session.id);
        changed();
        await held;
      });
      await inFlight;
      const racing = refresh(session.id, session.refreshToken);
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await promotion;
      const res = await racing;
      expect(res.statusCode).toBe(401);
      const alive = (await tokens()).filter((row) => row.revoked_at === null);
      expect(alive).toEqual([]);
    },
  );

  test("rotates: a new access and refresh token, the old one marked used", async ({
    post,
    login,
    refresh,
    tokens,
  }) => {
    const session = await login();
    const res = await refresh(session.id, session.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.refreshToken).not.toBe(session.refreshToken);
    const rows = await tokens();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.used_at).not.toBeNull();
    expect(rows[1]).toMatchObject({
      parent_id: rows[0]?.id,
      family_id: rows[0]?.family_id,
      used_at: null,
      revoked_at: null,
    });
    // The new token works in turn, and the new access token passes the admin check.
    expect((await refresh(session.id, body.refreshToken)).statusCode).toBe(200);
    expect(
      (await post("/api/auth/admin", {}, { "x-access-token": body.accessToken })).json(),
    ).toEqual({ admin: false });
  });

  test("revokes the whole family when a rotated token is used again later", async ({
    login,
    refresh,
    tokens,
  }) => {
    const session = await login();
    const child = (await refresh(session.id, session.refreshToken)).json().refreshToken;
    const grandchild = (await refresh(session.id, child)).json().refreshToken;
    // The first token is two generations old: always a reuse, grace or not.
    expect((await refresh(session.id, session.refreshToken)).statusCode).toBe(401);
    const rows = await tokens();
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    expect((await refresh(session.id, grandchild)).statusCode).toBe(401);
  });

  test("gives two concurrent refreshes of the same token one child and no revocation", async ({
    login,
    refresh,
    tokens,
  }) => {
    const session = await login();
    const [a, b] = await Promise.all([
      refresh(session.id, session.refreshToken),
      refresh(session.id, session.refreshToken),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await tokens();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revoked_at === null)).toBe(true);
    const newest = [a.json(), b.json()].find((r) => r.refreshToken)?.refreshToken;
    expect((await refresh(session.id, newest)).statusCode).toBe(200);
  });

  test("refuses a wrong user, an expired token and garbage with 401", async ({
    database,
    post,
    login,
    refresh,
  }) => {
    const session = await login();
    expect((await refresh("someone-else", session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(session.id, "garbage")).statusCode).toBe(401);
    expect((await post("/api/auth/refresh", {})).statusCode).toBe(401);
    await database.db
      .updateTable("refresh_tokens")
      .set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await refresh(session.id, session.refreshToken)).statusCode).toBe(401);
  });

  test("logout revokes the family; the refresh token stops working", async ({
    post,
    login,
    refresh,
    tokens,
  }) => {
    const session = await login();
    const res = await post("/api/auth/logout", { refresh: session.refreshToken });
    expect(res.statusCode).toBe(200);
    expect((await tokens()).every((row) => row.revoked_at !== null)).toBe(true);
    expect((await refresh(session.id, session.refreshToken)).statusCode).toBe(401);
    expect((await post("/api/auth/logout", { refresh: "unknown" })).statusCode).toBe(200);
  });
});
