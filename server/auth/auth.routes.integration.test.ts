import { describe, expect } from "vitest";
import { authTexts } from "../../domain/auth.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, testTokens } from "../test-support/tokens.ts";
import { hashPassword } from "./password.ts";
import { createSession } from "./sessions.repository.ts";
import { signAccessToken } from "./tokens.ts";
import { createUser, findUserByEmail } from "./users.repository.ts";

describe.each(testEngines)("auth API on $name", (engine) => {
  let ip = 0;
  const test = engineTest(engine)
    .extend(
      "post",
      ({ app }) =>
        (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
          app.inject({
            method: "POST",
            url,
            payload,
            headers,
            remoteAddress: `10.1.0.${++ip % 250}`,
          }),
    )
    .extend(
      "signup",
      ({ post }) =>
        (overrides: object = {}) =>
          post("/api/auth/signup", {
            email: "sam@shop.example",
            password: "correct horse",
            first_name: "Sam",
            last_name: "Reyes",
            ...overrides,
          }),
    )
    .extend(
      "makeAdmin",
      ({ database }) =>
        async () =>
          createUser(database.db, {
            email: "owner@fineline.studio",
            firstName: "Nora",
            lastName: "W",
            passwordHash: await hashPassword("owner password"),
            role: "owner",
          }),
    )
    /** A login attempt from one fixed address (the helper above changes address each call). */
    .extend(
      "loginFrom",
      ({ app }) =>
        (address: string, password: string, username = "sam@shop.example") =>
          app.inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { username, password },
            remoteAddress: address,
          }),
    );

  describe("sign-up", () => {
    test("creates a user and signs them in with the login body", async ({ signup }) => {
      const res = await signup();
      expect(res.statusCode).toBe(201);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toEqual({
        id: expect.any(String),
        email: "sam@shop.example",
        firstName: "Sam",
        lastName: "Reyes",
        accessToken: expect.stringMatching(/^ey/),
        refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      });
    });

    test("refuses a taken e-mail, whatever its case, with 409", async ({ signup }) => {
      await signup();
      const res = await signup({ email: "SAM@Shop.Example" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: authTexts.emailTaken });
    });

    test.for<[object, string]>([
      [{ email: "nope" }, authTexts.invalidEmail],
      [{ password: "short" }, authTexts.invalidPassword],
      [{ password: "x".repeat(61) }, authTexts.invalidPassword],
      [{ first_name: "" }, authTexts.invalidFirstName],
      [{ last_name: "x".repeat(101) }, authTexts.invalidLastName],
    ])("validates %j", async ([overrides, message], { signup }) => {
      const res = await signup(overrides);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    test("limits one address to 5 sign-ups per 10 minutes", async ({ app }) => {
      const from = (i: number) =>
        app.inject({
          method: "POST",
          url: "/api/auth/signup",
          remoteAddress: "198.51.100.77",
          payload: {
            email: `u${i}@shop.example`,
            password: "correct horse",
            first_name: "U",
            last_name: "V",
          },
        });
      for (let i = 0; i < 5; i++) expect((await from(i)).statusCode).toBe(201);
      const limited = await from(5);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many requests/);
      expect(limited.headers["retry-after"]).toBeDefined();
    });

    test("never grants admin, whatever the body says", async ({ database, post, signup }) => {
      const res = await signup({ role: "admin", admin: true, is_admin: 1 });
      const admin = await post("/api/auth/admin", {}, { "x-access-token": res.json().accessToken });
      expect(admin.json()).toEqual({ admin: false });
      expect((await findUserByEmail(database.db, "sam@shop.example"))?.role).toBe("user");
    });
  });

  describe("login", () => {
    test("answers the session body for the right password, case-insensitive e-mail", async ({
      post,
      signup,
    }) => {
      await signup();
      const res = await post("/api/auth/login", {
        username: "Sam@Shop.example",
        password: "correct horse",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: "sam@shop.example",
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      });
    });

    test("gives a wrong password and an unknown user the same status and body", async ({
      post,
      signup,
    }) => {
      await signup();
      const wrong = await post("/api/auth/login", {
        username: "sam@shop.example",
        password: "wrong horse",
      });
      const unknown = await post("/api/auth/login", {
        username: "nobody@shop.example",
        password: "wrong horse",
      });
      const empty = await post("/api/auth/login", {});
      for (const res of [wrong, unknown, empty]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: authTexts.incorrect });
      }
    });

    test("throttles guesses per account and address, never locking the owner out elsewhere", async ({
      database,
      signup,
      loginFrom,
    }) => {
      await signup();
      // Four failures cost nothing; the fifth starts a wait.
      for (let i = 0; i < 5; i++)
        expect((await loginFrom("203.0.113.7", "bad")).statusCode).toBe(401);
      // While it lasts, even the right password from that address gets the same 401 and body...
      const throttled = await loginFrom("203.0.113.7", "correct horse");
      expect(throttled.statusCode).toBe(401);
      expect(throttled.json()).toEqual({ message: authTexts.incorrect });
      // ...but the owner, anywhere else, logs in at once.
      expect((await loginFrom("198.51.100.23", "correct horse")).statusCode).toBe(200);
      // When the wait is over, the right password works from the first address too, and clears it.
      await database.db.updateTable("login_throttle").set({ blocked_until: null }).execute();
      expect((await loginFrom("203.0.113.7", "correct horse")).statusCode).toBe(200);
      expect(await database.db.selectFrom("login_throttle").selectAll().execute()).toEqual([]);
    });

    test("decides guesses sent together one at a time: a burst checks five, and the right password after it still fails", async ({
      database,
      signup,
      loginFrom,
    }) => {
      await signup();
      // Sent together, decided one at a time under the row's lock, in whatever order they
      // reach it (so the right password is sent after the burst, not inside it, where it could
      // be among the five decided first and rightly succeed).
      const results = await Promise.all(
        Array.from({ length: 15 }, () => loginFrom("203.0.113.8", "bad")),
      );
      expect(results.map((res) => res.statusCode)).toEqual(Array(15).fill(401));
      // Five attempts are decided (four free, the fifth starts a wait); the rest are throttled
      // without being counted, so a burst of any size tries five passwords.
      const [row] = await database.db.selectFrom("login_throttle").selectAll().execute();
      expect(row?.attempts).toBe(5);
      expect((await loginFrom("203.0.113.8", "correct horse")).statusCode).toBe(401);
      // The owner, anywhere else, is unaffected.
      expect((await loginFrom("198.51.100.23", "correct horse")).statusCode).toBe(200);
    });

    test("throttles an IPv6 client by its /64, since it can pick any address in it", async ({
      signup,
      loginFrom,
    }) => {
      await signup();
      for (let i = 1; i <= 5; i++)
        expect((await loginFrom(`2001:db8:0:1::${i.toString(16)}`, "bad")).statusCode).toBe(401);
      expect((await loginFrom("2001:db8:0:1:ffff::99", "correct horse")).statusCode).toBe(401);
      // Another /64 is another client.
      expect((await loginFrom("2001:db8:0:2::1", "correct horse")).statusCode).toBe(200);
    });

    test("answers unknown, wrong and throttled the same: status, body and timing", async ({
      database,
      signup,
      loginFrom,
    }) => {
      await signup();
      for (let i = 0; i < 5; i++) await loginFrom("203.0.113.9", "bad");
      // A long wait for that pair, so every sample below is a throttled one.
      await database.db
        .updateTable("login_throttle")
        .set({ blocked_until: new Date(Date.now() + 3_600_000).toISOString() })
        .execute();
      const samples = { unknown: [] as number[], wrong: [] as number[], throttled: [] as number[] };
      // Interleaved, so a busy moment of the machine falls on all three alike.
      for (let i = 0; i < 9; i++) {
        for (const [kind, address, password, username] of [
          ["unknown", `192.0.2.${i + 1}`, "bad", "nobody@shop.example"],
          ["wrong", `192.0.2.${i + 101}`, "bad", undefined],
          ["throttled", "203.0.113.9", "correct horse", undefined],
        ] as const) {
          const started = performance.now();
          const res = await loginFrom(address, password, username);
          samples[kind].push(performance.now() - started);
          expect(res.statusCode, kind).toBe(401);
          expect(res.json(), kind).toEqual({ message: authTexts.incorrect });
        }
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[4] ?? 0;
      const medians = Object.values(samples).map(median);
      // Each costs one password check (tens of milliseconds); the old lockout answered a locked
      // account in 1 ms against 34 for an unknown one, a factor of 30.
      expect(Math.max(...medians) / Math.min(...medians)).toBeLessThan(3);
    });

    test("refuses a NUL or a non-text field with 400 and a message, never 500", async ({
      post,
    }) => {
      for (const payload of [
        { username: "sam\u0000@shop.example", password: "x" },
        { username: 42, password: "x" },
        { username: "sam@shop.example", password: ["x"] },
        ["not", "an", "object"],
      ]) {
        const res = await post("/api/auth/login", payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(authTexts.malformed);
      }
    });
  });

  describe("verify-login and the admin check", () => {
    test("verifies a valid token for its own user only", async ({ post, signup }) => {
      const { id, accessToken } = (await signup()).json();
      expect(
        (
          await post(
            "/api/auth/verify-login",
            { userID: id, refresh: accessToken },
            { "x-access-token": accessToken },
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await post(
            "/api/auth/verify-login",
            { userID: "someone-else", refresh: accessToken },
            { "x-access-token": accessToken },
          )
        ).statusCode,
      ).toBe(401);
    });

    test("reads the admin flag and the role from the database", async ({
      database,
      post,
      makeAdmin,
    }) => {
      const admin = await makeAdmin();
      const { familyId } = await createSession(database.db, admin?.id ?? "");
      const token = await signAccessToken(testTokens, admin?.id ?? "", { session: familyId });
      expect((await post("/api/auth/admin", {}, { "x-access-token": token })).json()).toEqual({
        admin: true,
        role: "owner",
      });
      // Each team role opens the admin and says which it is.
      for (const role of ["member", "editor"] as const) {
        await database.db.updateTable("users").set({ role }).execute();
        expect((await post("/api/auth/admin", {}, { "x-access-token": token })).json()).toEqual({
          admin: true,
          role,
        });
      }
      await database.db.updateTable("users").set({ role: "user" }).execute();
      expect((await post("/api/auth/admin", {}, { "x-access-token": token })).json()).toEqual({
        admin: false,
      });
    });

    test("refuses every kind of bad token with 401", async ({ database, post, makeAdmin }) => {
      const admin = await makeAdmin();
      const sub = admin?.id ?? "";
      const { familyId } = await createSession(database.db, sub);
      const good = await signAccessToken(testTokens, sub, { session: familyId });
      const refreshToken = (
        await post("/api/auth/login", {
          username: "owner@fineline.studio",
          password: "owner password",
        })
      ).json().refreshToken;
      const bad = await badAccessTokens(sub, refreshToken);
      for (const [name, token] of Object.entries(bad)) {
        const res = await post(
          "/api/auth/admin",
          {},
          token === undefined ? {} : { "x-access-token": token },
        );
        expect(res.statusCode, name).toBe(401);
        expect(res.headers["cache-control"], name).toBe("no-store");
      }
      expect((await post("/api/auth/admin", {}, { "x-access-token": good })).statusCode).toBe(200);
    });
  });
});
