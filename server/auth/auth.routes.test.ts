import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authTexts } from "../../domain/auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { badAccessTokens, testSecret, testTokens } from "../test-support/tokens.ts";
import { hashPassword } from "./password.ts";
import { signAccessToken } from "./tokens.ts";
import { createUser, findUserByEmail } from "./users.repository.ts";

describe.each(testEngines)("auth API on $name", (engine) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let ip = 0;

  beforeEach(async () => {
    database = await engine.open();
    app = await buildTestApp(database, { JWT_SECRET: testSecret });
  });
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url, payload, headers, remoteAddress: `10.1.0.${++ip % 250}` });
  const signup = (overrides: object = {}) =>
    post("/api/auth/signup", {
      email: "sam@shop.example",
      password: "correct horse",
      first_name: "Sam",
      last_name: "Reyes",
      ...overrides,
    });
  const makeAdmin = async () =>
    createUser(database.db, {
      email: "owner@fineline.studio",
      firstName: "Nora",
      lastName: "W",
      passwordHash: await hashPassword("owner password"),
      role: "admin",
    });

  describe("sign-up", () => {
    it("creates a user and signs them in with the login body", async () => {
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

    it("refuses a taken e-mail, whatever its case, with 409", async () => {
      await signup();
      const res = await signup({ email: "SAM@Shop.Example" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: authTexts.emailTaken });
    });

    it.each([
      [{ email: "nope" }, authTexts.invalidEmail],
      [{ password: "short" }, authTexts.invalidPassword],
      [{ password: "x".repeat(61) }, authTexts.invalidPassword],
      [{ first_name: "" }, authTexts.invalidFirstName],
      [{ last_name: "x".repeat(101) }, authTexts.invalidLastName],
    ])("validates %j", async (overrides, message) => {
      const res = await signup(overrides);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it("limits one address to 5 sign-ups per 10 minutes", async () => {
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

    it("never grants admin, whatever the body says", async () => {
      const res = await signup({ role: "admin", admin: true, is_admin: 1 });
      const admin = await post("/api/auth/admin", {}, { "x-access-token": res.json().accessToken });
      expect(admin.json()).toEqual({ admin: false });
      expect((await findUserByEmail(database.db, "sam@shop.example"))?.role).toBe("user");
    });
  });

  describe("login", () => {
    it("answers the session body for the right password, case-insensitive e-mail", async () => {
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

    it("gives a wrong password and an unknown user the same status and body", async () => {
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

    it("locks an account for 15 minutes after 10 failures in a row, with a 406 saying so", async () => {
      await signup();
      for (let i = 0; i < 9; i++)
        expect(
          (await post("/api/auth/login", { username: "sam@shop.example", password: "bad" }))
            .statusCode,
        ).toBe(401);
      const tenth = await post("/api/auth/login", {
        username: "sam@shop.example",
        password: "bad",
      });
      expect(tenth.statusCode).toBe(406);
      expect(tenth.json()).toEqual({ message: authTexts.locked });
      // Even the right password is refused while locked.
      expect(
        (await post("/api/auth/login", { username: "sam@shop.example", password: "correct horse" }))
          .statusCode,
      ).toBe(406);
      // When the lock expires, the right password works and the count starts again.
      await database.db
        .updateTable("users")
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect(
        (await post("/api/auth/login", { username: "sam@shop.example", password: "correct horse" }))
          .statusCode,
      ).toBe(200);
      expect((await findUserByEmail(database.db, "sam@shop.example"))?.failed_logins).toBe(0);
    });
  });

  describe("verify-login and the admin check", () => {
    it("verifies a valid token for its own user only", async () => {
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

    it("reads the admin flag from the database", async () => {
      const admin = await makeAdmin();
      const token = await signAccessToken(testTokens, admin?.id ?? "");
      expect((await post("/api/auth/admin", {}, { "x-access-token": token })).json()).toEqual({
        admin: true,
      });
      await database.db.updateTable("users").set({ role: "user" }).execute();
      expect((await post("/api/auth/admin", {}, { "x-access-token": token })).json()).toEqual({
        admin: false,
      });
    });

    it("refuses every kind of bad token with 401", async () => {
      const admin = await makeAdmin();
      const sub = admin?.id ?? "";
      const good = await signAccessToken(testTokens, sub);
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
