import { describe, expect } from "vitest";
import { mfaTexts } from "../../domain/mfa.ts";
import { passkeyTexts } from "../../domain/passkeys.ts";
import { type Authenticator, softwareAuthenticator } from "../test-support/authenticator.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { accessTexts } from "./guards.ts";

/**
 * Passkeys as a second factor (docs/team.md, "Two-factor sign-in"; ADR 042), against real
 * signatures from a software authenticator (an ES256 key made here): added with a session, a
 * login then needs the passkey (or a code), a challenge works once and for 5 minutes, the
 * origin, RP ID and counter are checked, and nobody uses or removes another account's.
 */
let clock = new Date("2026-12-08T10:00:00.000Z");
const siteUrl = "https://studio.example.com";
const rp = { rpId: "studio.example.com", origin: siteUrl };
const password = "the owner's long password";

type Session = { id: string; accessToken: string; refreshToken: string };

describe.each(testEngines)("passkeys on $name", (engine) => {
  const test = engineTest(engine, { env: { SITE_URL: siteUrl }, deps: { now: () => clock } })
    .extend(
      "call",
      ({ app }) =>
        (
          method: "POST" | "DELETE" | "GET" | "PUT",
          url: string,
          payload?: object,
          token?: string,
        ) =>
          app.inject({
            method,
            url,
            headers: token ? { "x-access-token": token } : {},
            ...(payload ? { payload } : {}),
            remoteAddress: "10.9.0.2",
          }),
    )
    .extend("account", ({ call }) => async (email: string): Promise<Session> => {
      const res = await call("POST", "/api/auth/signup", {
        email,
        password,
        first_name: "Nora",
        last_name: "Ames",
      });
      expect(res.statusCode).toBe(201);
      return res.json();
    })
    .extend("addPasskey", ({ call }) => async (session: Session, name = "MacBook") => {
      const key = softwareAuthenticator(rp);
      const options = await call("POST", "/api/auth/passkeys/options", {}, session.accessToken);
      expect(options.statusCode).toBe(200);
      expect(options.json()).toMatchObject({ rp: { id: rp.rpId }, challenge: expect.any(String) });
      const added = await call(
        "POST",
        "/api/auth/passkeys",
        { name, response: key.register(options.json().challenge) },
        session.accessToken,
      );
      expect(added.statusCode).toBe(201);
      return { key, passkey: added.json().passkey as { id: string; name: string } };
    })
    .extend("passwordStep", ({ call }) => async (email: string) => {
      const login = await call("POST", "/api/auth/login", { username: email, password });
      expect(login.statusCode).toBe(200);
      return login.json() as { mfaRequired: true; mfaToken: string; methods: string[] };
    })
    .extend("loginChallenge", ({ call }) => async (mfaToken: string) => {
      const options = await call("POST", "/api/auth/mfa/passkey/options", { mfaToken });
      expect(options.statusCode).toBe(200);
      return options.json() as { challenge: string; allowCredentials: { id: string }[] };
    })
    .extend(
      "finish",
      ({ call }) =>
        (mfaToken: string, response: ReturnType<Authenticator["assert"]>) =>
          call("POST", "/api/auth/mfa/passkey", { mfaToken, response }),
    );

  test("added with a session; a login then needs it, and it finishes the login", async ({
    call,
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T10:00:00.000Z");
    const session = await account("nora@fineline.studio");
    const { key, passkey } = await addPasskey(session);
    expect(passkey).toEqual({
      id: expect.any(String),
      name: "MacBook",
      createdAt: clock.toISOString(),
      lastUsedAt: null,
    });

    const step = await passwordStep("nora@fineline.studio");
    expect(step).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ["passkey"] });
    // The password alone still answers no session; a code cannot finish it (no app set up).
    const byCode = await call("POST", "/api/auth/mfa", { mfaToken: step.mfaToken, code: "123456" });
    expect(byCode.statusCode).toBe(401);

    const options = await loginChallenge(step.mfaToken);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const done = await finish(step.mfaToken, key.assert(options.challenge, 1));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: session.id, accessToken: expect.any(String) });

    const list = await call("GET", "/api/auth/passkeys", undefined, done.json().accessToken);
    expect(list.json()).toEqual({
      passkeys: [{ ...passkey, lastUsedAt: clock.toISOString() }],
    });
  });

  test("a challenge works once, and only for 5 minutes", async ({
    call,
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T11:00:00.000Z");
    const session = await account("nora@fineline.studio");
    const { key } = await addPasskey(session);
    const { mfaToken } = await passwordStep("nora@fineline.studio");
    const { challenge } = await loginChallenge(mfaToken);
    expect((await finish(mfaToken, key.assert(challenge, 1))).statusCode).toBe(200);
    // The same answer again, and a fresh signature over the used challenge: both refused.
    const replay = await finish(mfaToken, key.assert(challenge, 1));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: passkeyTexts.badPasskey });
    expect((await finish(mfaToken, key.assert(challenge, 2))).statusCode).toBe(401);
    // A challenge the server never made.
    expect((await finish(mfaToken, key.assert("bm90LW1hZGUtaGVyZQ", 3))).statusCode).toBe(401);

    // A registration challenge expires too.
    const options = await call("POST", "/api/auth/passkeys/options", {}, session.accessToken);
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const late = await call(
      "POST",
      "/api/auth/passkeys",
      { name: "Late", response: softwareAuthenticator(rp).register(options.json().challenge) },
      session.accessToken,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: passkeyTexts.notRegistered });
  });

  test("another origin or RP ID is refused, when adding and when signing in", async ({
    call,
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T12:00:00.000Z");
    const session = await account("nora@fineline.studio");
    const phished = await call("POST", "/api/auth/passkeys/options", {}, session.accessToken);
    const byLookAlike = await call(
      "POST",
      "/api/auth/passkeys",
      {
        name: "Phone",
        response: softwareAuthenticator(rp).register(phished.json().challenge, {
          origin: "https://studio.example.com.evil.test",
        }),
      },
      session.accessToken,
    );
    expect(byLookAlike.statusCode).toBe(400);

    const { key } = await addPasskey(session);
    const { mfaToken } = await passwordStep("nora@fineline.studio");
    const first = await loginChallenge(mfaToken);
    const wrongOrigin = key.assert(first.challenge, 1, { origin: "https://evil.test" });
    expect((await finish(mfaToken, wrongOrigin)).statusCode).toBe(401);
    const second = await loginChallenge(mfaToken);
    const wrongRp = key.assert(second.challenge, 1, { rpId: "evil.test" });
    expect((await finish(mfaToken, wrongRp)).statusCode).toBe(401);
    const third = await loginChallenge(mfaToken);
    expect((await finish(mfaToken, key.assert(third.challenge, 1))).statusCode).toBe(200);
  });

  test("a counter that goes backwards (a cloned authenticator) is refused", async ({
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T13:00:00.000Z");
    const session = await account("nora@fineline.studio");
    const { key } = await addPasskey(session);
    const { mfaToken } = await passwordStep("nora@fineline.studio");
    const at = async (counter: number) =>
      (await finish(mfaToken, key.assert((await loginChallenge(mfaToken)).challenge, counter)))
        .statusCode;
    expect(await at(5)).toBe(200);
    expect(await at(3)).toBe(401);
    expect(await at(5)).toBe(401);
    expect(await at(6)).toBe(200);
  });

  test("another account's passkey neither signs in nor is removed; your own is", async ({
    call,
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T14:00:00.000Z");
    const nora = await account("nora@fineline.studio");
    const ivan = await account("ivan@fineline.studio");
    const noras = await addPasskey(nora);
    await addPasskey(ivan, "Ivan's phone");

    // Ivan's password step, answered with Nora's passkey: refused.
    const { mfaToken } = await passwordStep("ivan@fineline.studio");
    const { challenge } = await loginChallenge(mfaToken);
    expect((await finish(mfaToken, noras.key.assert(challenge, 1))).statusCode).toBe(401);

    const notYours = await call(
      "DELETE",
      `/api/auth/passkeys/${noras.passkey.id}`,
      undefined,
      ivan.accessToken,
    );
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ message: passkeyTexts.unknown });
    const ivans = await call("GET", "/api/auth/passkeys", undefined, ivan.accessToken);
    expect(ivans.json().passkeys.map((p: { name: string }) => p.name)).toEqual(["Ivan's phone"]);

    const removed = await call(
      "DELETE",
      `/api/auth/passkeys/${noras.passkey.id}`,
      undefined,
      nora.accessToken,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: passkeyTexts.removed("MacBook") });
    expect((await call("GET", "/api/auth/passkeys", undefined, nora.accessToken)).json()).toEqual({
      passkeys: [],
    });
    // With none left, the password is a login again.
    const plain = await call("POST", "/api/auth/login", {
      username: "nora@fineline.studio",
      password,
    });
    expect(plain.json().accessToken).toEqual(expect.any(String));
  });

  test("missing, forged and expired tokens are 401", async ({
    call,
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T15:00:00.000Z");
    const unauthenticated = { message: accessTexts.unauthenticated };
    for (const [method, url, body] of [
      ["POST", "/api/auth/passkeys/options", {}],
      [
        "POST",
        "/api/auth/passkeys",
        { name: "x", response: softwareAuthenticator(rp).register("YQ") },
      ],
      ["GET", "/api/auth/passkeys", undefined],
      ["DELETE", "/api/auth/passkeys/0190a0a0-0000-7000-8000-000000000000", undefined],
    ] as const) {
      const res = await call(method, url, body, "forged.token.here");
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual(unauthenticated);
    }
    const session = await account("nora@fineline.studio");
    const { key } = await addPasskey(session);
    // An access token is not a password step, nor is a made-up one.
    for (const token of [session.accessToken, "e30.e30.e30"]) {
      const options = await call("POST", "/api/auth/mfa/passkey/options", { mfaToken: token });
      expect(options.statusCode).toBe(401);
      expect(options.json()).toEqual({ message: mfaTexts.expired });
    }
    const { mfaToken } = await passwordStep("nora@fineline.studio");
    const { challenge } = await loginChallenge(mfaToken);
    expect((await finish(session.accessToken, key.assert(challenge, 1))).statusCode).toBe(401);
    // Five minutes later the password step has expired, with the challenge.
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const late = await finish(mfaToken, key.assert(challenge, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: mfaTexts.expired });
    expect((await call("POST", "/api/auth/mfa/passkey/options", { mfaToken })).statusCode).toBe(
      401,
    );
  });

  test("failures are throttled like wrong codes, the right passkey included", async ({
    account,
    addPasskey,
    passwordStep,
    loginChallenge,
    finish,
  }) => {
    clock = new Date("2026-12-08T16:00:00.000Z");
    const session = await account("nora@fineline.studio");
    const { key } = await addPasskey(session);
    const { mfaToken } = await passwordStep("nora@fineline.studio");
    for (let i = 0; i < 8; i++) {
      const { challenge } = await loginChallenge(mfaToken);
      await finish(mfaToken, key.assert(challenge, 1, { origin: "https://evil.test" }));
    }
    const { challenge } = await loginChallenge(mfaToken);
    expect((await finish(mfaToken, key.assert(challenge, 1))).statusCode).toBe(401);
  });
});
