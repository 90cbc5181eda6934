import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { mfaTexts } from "../../domain/mfa.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { accessTexts } from "./guards.ts";

/**
 * Two-factor sign-in (docs/team.md): turned on with a code, a login then needs a code (or a
 * recovery code) before any session exists, each code works once, wrong codes are throttled,
 * and it is turned off with a code. The clock is the app's, moved by the test.
 */
let clock = new Date("2026-11-29T10:00:00.000Z");
const password = "the owner's long password";

const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });

describe.each(testEngines)("two-factor sign-in on $name", (engine) => {
  const test = engineTest(engine, { deps: { now: () => clock } })
    .extend(
      "call",
      ({ app }) =>
        (method: "POST" | "DELETE" | "GET", url: string, payload?: object, token?: string) =>
          app.inject({
            method,
            url,
            headers: token ? { "x-access-token": token } : {},
            ...(payload ? { payload } : {}),
            remoteAddress: "10.9.0.1",
          }),
    )
    .extend("account", ({ call }) => async () => {
      const res = await call("POST", "/api/auth/signup", {
        email: "nora@fineline.studio",
        password,
        first_name: "Nora",
        last_name: "Ames",
      });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; accessToken: string; refreshToken: string };
    })
    .extend("turnOn", ({ call }) => async (session: { accessToken: string }) => {
      const { secret } = (
        await call("POST", "/api/auth/mfa/totp", undefined, session.accessToken)
      ).json();
      const on = await call(
        "POST",
        "/api/auth/mfa/totp/confirm",
        { code: codeAt(secret, clock) },
        session.accessToken,
      );
      expect(on.statusCode).toBe(200);
      return { secret: secret as string, recoveryCodes: on.json().recoveryCodes as string[] };
    });

  test("on with a code; login then needs a code, each code once, a recovery code once", async ({
    call,
    account,
  }) => {
    clock = new Date("2026-11-29T10:00:00.000Z");
    const session = await account();
    const setup = await call("POST", "/api/auth/mfa/totp", undefined, session.accessToken);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    // A wrong code turns nothing on.
    const wrong = await call(
      "POST",
      "/api/auth/mfa/totp/confirm",
      { code: "000000" },
      session.accessToken,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: mfaTexts.badCode });
    const on = await call(
      "POST",
      "/api/auth/mfa/totp/confirm",
      { code: codeAt(secret, clock) },
      session.accessToken,
    );
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    // The password alone is no longer a login: no tokens in the answer.
    clock = new Date(clock.getTime() + 60_000);
    const login = await call("POST", "/api/auth/login", {
      username: "nora@fineline.studio",
      password,
    });
    expect(login.statusCode).toBe(200);
    const challenge = login.json();
    // Exactly the answer the product names: app codes alone add no `methods`.
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(challenge.accessToken).toBeUndefined();
    // The mfaToken is not an access token anywhere.
    expect((await call("POST", "/api/auth/admin", {}, challenge.mfaToken)).statusCode).toBe(401);
    expect(
      (
        await call("POST", "/api/auth/refresh", {
          userID: session.id,
          refresh: challenge.mfaToken,
        })
      ).statusCode,
    ).toBe(401);

    const code = codeAt(secret, clock);
    const finished = await call("POST", "/api/auth/mfa", { mfaToken: challenge.mfaToken, code });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ id: session.id, accessToken: expect.any(String) });
    // The same code again, even with a fresh password step, is refused: a code works once.
    const second = (
      await call("POST", "/api/auth/login", { username: "nora@fineline.studio", password })
    ).json();
    const replay = await call("POST", "/api/auth/mfa", { mfaToken: second.mfaToken, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: mfaTexts.badCode });

    // A recovery code, typed loosely, works once.
    const recovery = String(recoveryCodes[0]).toUpperCase().replaceAll("-", " ");
    const byRecovery = await call("POST", "/api/auth/mfa", {
      mfaToken: second.mfaToken,
      code: recovery,
    });
    expect(byRecovery.statusCode).toBe(200);
    const again = await call("POST", "/api/auth/mfa", {
      mfaToken: second.mfaToken,
      code: recovery,
    });
    expect(again.statusCode).toBe(401);

    // Five minutes later the password step has expired.
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const late = await call("POST", "/api/auth/mfa", {
      mfaToken: second.mfaToken,
      code: codeAt(secret, clock),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: mfaTexts.expired });

    // Off with a current code; then the password is a login again.
    const session2 = finished.json();
    const off = await call(
      "DELETE",
      "/api/auth/mfa/totp",
      { code: codeAt(secret, clock) },
      session2.accessToken,
    );
    expect(off.statusCode).toBe(200);
    const plain = await call("POST", "/api/auth/login", {
      username: "nora@fineline.studio",
      password,
    });
    expect(plain.json().accessToken).toEqual(expect.any(String));
  });

  test("wrong codes are throttled like passwords, the right one included", async ({
    call,
    account,
    turnOn,
  }) => {
    clock = new Date("2026-11-29T12:00:00.000Z");
    const session = await account();
    const { secret } = await turnOn(session);
    clock = new Date(clock.getTime() + 60_000);
    const { mfaToken } = (
      await call("POST", "/api/auth/login", { username: "nora@fineline.studio", password })
    ).json();
    for (let i = 0; i < 8; i++)
      await call("POST", "/api/auth/mfa", { mfaToken, code: String(100000 + i) });
    const right = await call("POST", "/api/auth/mfa", { mfaToken, code: codeAt(secret, clock) });
    expect(right.statusCode).toBe(401);
  });

  test("setting up needs a session, and a second setup waits for the first to be off", async ({
    call,
    account,
    turnOn,
  }) => {
    clock = new Date("2026-11-29T14:00:00.000Z");
    expect((await call("POST", "/api/auth/mfa/totp")).json()).toEqual({
      message: accessTexts.unauthenticated,
    });
    const session = await account();
    const confirmEarly = await call(
      "POST",
      "/api/auth/mfa/totp/confirm",
      { code: "123456" },
      session.accessToken,
    );
    expect(confirmEarly.statusCode).toBe(409);
    await turnOn(session);
    const again = await call("POST", "/api/auth/mfa/totp", undefined, session.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: mfaTexts.alreadyOn });
  });
});
