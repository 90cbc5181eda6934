import { describe, expect } from "vitest";
import { accountTexts } from "../../domain/account.ts";
import { authTexts } from "../../domain/auth.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { accessTexts } from "./guards.ts";
import { hashPassword } from "./password.ts";
import { createUser } from "./users.repository.ts";

/**
 * Self-service (docs/team.md, "Your own account"): a new password ends every other session at
 * once and keeps the caller's; a wrong current password is refused and throttled like a
 * login; the sessions listed, the current one marked, and one ended refuses its refresh token
 * and its access tokens from the next request, on both engines.
 */
const password = "the first long password";
const chrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 Chrome/131.0";
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

type Session = { id: string; accessToken: string; refreshToken: string };

describe.each(testEngines)("your own account on $name", (engine) => {
  const test = engineTest(engine)
    .extend(
      "call",
      ({ app }) =>
        (
          method: "GET" | "POST" | "PUT" | "DELETE",
          url: string,
          options: { token?: string; payload?: object; from?: string; agent?: string } = {},
        ) =>
          app.inject({
            method,
            url,
            headers: {
              ...(options.token ? { "x-access-token": options.token } : {}),
              ...(options.agent ? { "user-agent": options.agent } : {}),
            },
            ...(options.payload ? { payload: options.payload } : {}),
            remoteAddress: options.from ?? "10.7.0.1",
          }),
    )
    .extend("member", async ({ database }) => {
      const user = await createUser(database.db, {
        email: "mia@fineline.studio",
        firstName: "Mia",
        lastName: "Field",
        passwordHash: await hashPassword(password),
        role: "member",
      });
      if (!user) throw new Error("no member");
      return user;
    })
    .extend(
      "login",
      // Asks for the member, so that the account exists before any login.
      ({ call, member: _ }) =>
        async (from: string, agent: string, secret = password): Promise<Session> => {
          const res = await call("POST", "/api/auth/login", {
            payload: { username: "mia@fineline.studio", password: secret },
            from,
            agent,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json();
        },
    )
    .extend("works", ({ call }) => async (session: { accessToken: string }) => {
      // An account call and a call through the admin guard: both read the session.
      const own = await call("GET", "/api/auth/sessions", { token: session.accessToken });
      const team = await call("GET", "/api/team/me", { token: session.accessToken });
      expect(own.statusCode).toBe(team.statusCode);
      return own.statusCode === 200;
    })
    .extend("refreshes", ({ call }) => async (session: Session): Promise<Session | null> => {
      const res = await call("POST", "/api/auth/refresh", {
        payload: { userID: session.id, refresh: session.refreshToken },
      });
      return res.statusCode === 200 ? { ...session, ...res.json() } : null;
    });

  test("a new password ends every other session at once and keeps the caller's", async ({
    call,
    member,
    login,
    works,
    refreshes,
    database,
  }) => {
    const here = await login("10.7.0.1", chrome);
    const there = await login("10.7.0.2", firefox);
    const changed = await call("PUT", "/api/auth/password", {
      token: here.accessToken,
      payload: { currentPassword: password, newPassword: "a brand new passphrase" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { message, accessToken } = changed.json();
    expect(message).toBe(accountTexts.passwordChanged);
    expect(changed.headers["cache-control"]).toBe("no-store");

    // The other device is out at once: its access token and its refresh token.
    expect(await works(there)).toBe(false);
    expect(await refreshes(there)).toBeNull();
    // Here, the old access token is refused (the version moved) and the new one works; the
    // refresh token is still this session's.
    expect(await works(here)).toBe(false);
    expect(await works({ accessToken })).toBe(true);
    const refreshed = await refreshes(here);
    expect(refreshed).not.toBeNull();
    expect(await works(refreshed as Session)).toBe(true);

    // The password itself changed.
    const old = await call("POST", "/api/auth/login", {
      payload: { username: "mia@fineline.studio", password },
      from: "10.7.0.3",
    });
    expect(old.statusCode).toBe(401);
    await login("10.7.0.3", chrome, "a brand new passphrase");

    // Recorded, without the password.
    const entries = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "changePassword")
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBe(member.id);
    expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({ otherSessionsEnded: 1 });
    const everything = JSON.stringify(
      await database.db.selectFrom("audit_log").selectAll().execute(),
    );
    expect(everything).not.toContain("a brand new passphrase");
    expect(everything).not.toContain(password);
  });

  test("a wrong current password is refused, and counted by the login throttle", async ({
    call,
    member,
    login,
    works,
  }) => {
    const here = await login("10.7.1.1", chrome);
    const change = (currentPassword: string, newPassword = "another long password") =>
      call("PUT", "/api/auth/password", {
        token: here.accessToken,
        payload: { currentPassword, newPassword },
        from: "10.7.1.1",
      });
    const anonymous = await call("PUT", "/api/auth/password", {
      payload: { currentPassword: password, newPassword: "another long password" },
    });
    expect(anonymous.statusCode).toBe(401);
    const short = await change(password, "short");
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: authTexts.invalidPassword });
    const same = await change(password, password);
    expect(same.json()).toEqual({ message: accountTexts.samePassword });

    // Four guesses go free, the fifth starts a wait: the next is refused whatever it says.
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`guess number ${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: accountTexts.wrongPassword });
    }
    const throttled = await change(password);
    expect(throttled.statusCode).toBe(400);
    expect(throttled.json()).toEqual({ message: accountTexts.tooManyTries });
    // The same counter as the login's: the login page from this address waits too.
    const login6 = await call("POST", "/api/auth/login", {
      payload: { username: member.email, password },
      from: "10.7.1.1",
    });
    expect(login6.statusCode).toBe(401);
    // Nothing changed: the session still works, the password is the old one.
    expect(await works(here)).toBe(true);
    await login("10.7.1.2", chrome);
  });

  test("lists the sessions, marks this one, and ends one at once: refresh and access token", async ({
    app,
    call,
    login,
    works,
    refreshes,
    admin,
  }) => {
    const here = await login("10.7.2.1", chrome);
    const there = await login("10.7.2.2", firefox);
    const listed = await call("GET", "/api/auth/sessions", { token: here.accessToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["cache-control"]).toBe("no-store");
    const { sessions } = listed.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, userAgent: chrome, ipAddress: "10.7.2.1" });
    expect(sessions[1]).toMatchObject({
      current: false,
      userAgent: firefox,
      ipAddress: "10.7.2.2",
    });
    // Never a token or its hash.
    expect(Object.keys(sessions[0]).sort()).toEqual(
      ["current", "id", "ipAddress", "lastActiveAt", "signedInAt", "userAgent"].sort(),
    );
    expect(listed.body).not.toContain(there.refreshToken);
    const theirs = sessions[1].id as string;

    // Someone else's session, or an unknown one, is not found; neither is touched.
    const adminSessions = await call("GET", "/api/auth/sessions", { token: admin.accessToken });
    const adminSession = adminSessions.json().sessions[0].id as string;
    const foreign = await call("DELETE", `/api/auth/sessions/${adminSession}`, {
      token: here.accessToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: accountTexts.unknownSession });
    expect((await call("GET", "/api/team/me", { token: admin.accessToken })).statusCode).toBe(200);
    expect(
      (await call("DELETE", "/api/auth/sessions/not-an-id", { token: here.accessToken }))
        .statusCode,
    ).toBe(400);

    // Ending the other device's session: its access token is refused on its very next
    // request (well before it would expire), and so is its refresh token.
    expect(await works(there)).toBe(true);
    const ended = await call("DELETE", `/api/auth/sessions/${theirs}`, { token: here.accessToken });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: accountTexts.sessionEnded });
    expect(await works(there)).toBe(false);
    expect((await call("GET", "/api/team/me", { token: there.accessToken })).json()).toEqual({
      message: accessTexts.unauthenticated,
    });
    expect(await refreshes(there)).toBeNull();
    expect(await works(here)).toBe(true);
    const again = await call("DELETE", `/api/auth/sessions/${theirs}`, { token: here.accessToken });
    expect(again.statusCode).toBe(404);

    // A refresh keeps the session's ID (and its mark), and says where it was last used from.
    const refreshed = (await refreshes(here)) as Session;
    const after = (
      await call("GET", "/api/auth/sessions", { token: refreshed.accessToken })
    ).json();
    expect(after.sessions).toEqual([
      expect.objectContaining({ id: sessions[0].id, current: true }),
    ]);

    // Signing out everywhere else: two more devices end, this one stays.
    const third = await login("10.7.2.3", firefox);
    const fourth = await login("10.7.2.4", firefox);
    const rest = await call("DELETE", "/api/auth/sessions", { token: refreshed.accessToken });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ message: accountTexts.otherSessionsEnded(2), ended: 2 });
    expect(await works(third)).toBe(false);
    expect(await works(fourth)).toBe(false);
    expect(await works(refreshed)).toBe(true);

    // Logging out ends the session's access token too, not only its refresh token.
    await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      payload: { refresh: refreshed.refreshToken },
    });
    expect(await works(refreshed)).toBe(false);
  });
});
