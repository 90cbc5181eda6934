import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { mfaTexts } from "../../domain/mfa.ts";
import { softwareAuthenticator } from "../test-support/authenticator.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * Recovery codes for an account with passkeys and no authenticator app (docs/team.md,
 * "Two-factor sign-in"; ADR 042): they come with its first passkey, shown once; each finishes
 * one login when the passkey is lost; they stay while a passkey does, and go with the last.
 */
const siteUrl = "https://studio.example.com";
const rp = { rpId: "studio.example.com", origin: siteUrl };
const password = "the owner's long password";
const email = "nora@fineline.studio";
const codeNow = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe.each(testEngines)("recovery codes with passkeys on $name", (engine) => {
  const test = engineTest(engine, { env: { SITE_URL: siteUrl } })
    .extend(
      "call",
      ({ app }) =>
        (method: "POST" | "DELETE" | "GET", url: string, payload?: object, token?: string) =>
          app.inject({
            method,
            url,
            headers: token ? { "x-access-token": token } : {},
            ...(payload ? { payload } : {}),
            remoteAddress: "10.9.0.3",
          }),
    )
    .extend("token", async ({ call }) => {
      const res = await call("POST", "/api/auth/signup", {
        email,
        password,
        first_name: "Nora",
        last_name: "Ames",
      });
      expect(res.statusCode).toBe(201);
      return res.json().accessToken as string;
    })
    .extend("addPasskey", ({ call, token }) => async (name: string) => {
      const options = await call("POST", "/api/auth/passkeys/options", {}, token);
      const added = await call(
        "POST",
        "/api/auth/passkeys",
        { name, response: softwareAuthenticator(rp).register(options.json().challenge) },
        token,
      );
      expect(added.statusCode, added.body).toBe(201);
      return added.json() as { passkey: { id: string }; recoveryCodes?: string[] };
    })
    .extend("loginWith", ({ call }) => async (code: string) => {
      const step = await call("POST", "/api/auth/login", { username: email, password });
      expect(step.json()).toMatchObject({ mfaRequired: true });
      return call("POST", "/api/auth/mfa", { mfaToken: step.json().mfaToken, code });
    });

  test("come with the first passkey, each finish one login, and go with the last passkey", async ({
    call,
    token,
    addPasskey,
    loginWith,
  }) => {
    const first = await addPasskey("MacBook");
    expect(first.recoveryCodes).toHaveLength(10);
    const codes = first.recoveryCodes as string[];
    // A second passkey keeps the codes the first gave.
    expect((await addPasskey("Phone")).recoveryCodes).toBeUndefined();

    // The passkeys are lost: a recovery code finishes the login, once.
    const saved = await loginWith(codes[0] as string);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ accessToken: expect.any(String) });
    const again = await loginWith(codes[0] as string);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: mfaTexts.badCode });
    expect((await loginWith(codes[1] as string)).statusCode).toBe(200);

    // Without a passkey left, there is no second step, and the codes are gone.
    const { passkeys } = (await call("GET", "/api/auth/passkeys", undefined, token)).json();
    for (const { id } of passkeys as { id: string }[])
      expect((await call("DELETE", `/api/auth/passkeys/${id}`, undefined, token)).statusCode).toBe(
        200,
      );
    const plain = await call("POST", "/api/auth/login", { username: email, password });
    expect(plain.json()).toMatchObject({ accessToken: expect.any(String) });
    // A new first passkey brings new codes; the old ones are no more.
    const fresh = await addPasskey("Security key");
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toContain(codes[2]);
    expect((await loginWith(codes[2] as string)).statusCode).toBe(401);
  });

  test("stay when the app's codes are turned off while a passkey remains", async ({
    call,
    token,
    addPasskey,
    loginWith,
  }) => {
    await addPasskey("MacBook");
    const { secret } = (await call("POST", "/api/auth/mfa/totp", {}, token)).json();
    const confirmed = await call(
      "POST",
      "/api/auth/mfa/totp/confirm",
      { code: codeNow(secret) },
      token,
    );
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    const off = await call("DELETE", "/api/auth/mfa/totp", { code: recoveryCodes[0] }, token);
    expect(off.statusCode, off.body).toBe(200);
    // The passkey is still a second factor, and the codes still stand in for it.
    const saved = await loginWith(recoveryCodes[1] as string);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
