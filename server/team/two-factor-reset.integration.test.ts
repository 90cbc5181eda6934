import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { teamTexts } from "../../domain/team.ts";
import { softwareAuthenticator } from "../test-support/authenticator.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * An owner resets someone's two-factor sign-in (docs/team.md, "Two-factor sign-in"): for a
 * member who lost their phone and recovery codes. Their app's codes, recovery codes and
 * passkeys stop working and their sessions end at once; they sign in with their password
 * alone. Not one's own, not for someone without it, and the owner's alone.
 */
const siteUrl = "https://studio.example.com";
const rp = { rpId: "studio.example.com", origin: siteUrl };
const password = "mia's long password here";
const codeNow = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe.each(testEngines)("resetting someone's two-factor sign-in on $name", (engine) => {
  const test = engineTest(engine, { env: { SITE_URL: siteUrl } }).extend(
    "call",
    ({ app }) =>
      (method: "GET" | "POST" | "DELETE", url: string, token?: string, payload?: object) =>
        app.inject({
          method,
          url,
          headers: token ? { "x-access-token": token } : {},
          ...(payload ? { payload } : {}),
          remoteAddress: "10.9.0.4",
        }),
  );

  test("takes every second factor off and ends their sessions; they sign in with the password", async ({
    call,
    admin: owner,
    database,
  }) => {
    const signup = await call("POST", "/api/auth/signup", undefined, {
      email: "mia@fineline.studio",
      password,
      first_name: "Mia",
      last_name: "Chen",
    });
    const mia = signup.json() as { id: string; accessToken: string };
    await database.db
      .updateTable("users")
      .set({ role: "member" })
      .where("id", "=", mia.id)
      .execute();
    const reset = () => call("DELETE", `/api/team/members/${mia.id}/two-factor`, owner.accessToken);

    // Nothing to reset yet.
    expect((await reset()).json()).toEqual({ message: teamTexts.noTwoFactorToReset });

    // Mia turns on app codes and adds a passkey.
    const { secret } = (await call("POST", "/api/auth/mfa/totp", mia.accessToken, {})).json();
    const on = await call("POST", "/api/auth/mfa/totp/confirm", mia.accessToken, {
      code: codeNow(secret),
    });
    const { recoveryCodes } = on.json() as { recoveryCodes: string[] };
    const options = await call("POST", "/api/auth/passkeys/options", mia.accessToken, {});
    const added = await call("POST", "/api/auth/passkeys", mia.accessToken, {
      name: "Phone",
      response: softwareAuthenticator(rp).register(options.json().challenge),
    });
    expect(added.statusCode, added.body).toBe(201);

    // Neither she, nor a member, nor the owner on themselves may use it.
    expect(
      (await call("DELETE", `/api/team/members/${mia.id}/two-factor`, mia.accessToken)).statusCode,
    ).toBe(403);
    const own = await call("DELETE", `/api/team/members/${owner.id}/two-factor`, owner.accessToken);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: teamTexts.resetOwnTwoFactor });
    const unknown = await call(
      "DELETE",
      "/api/team/members/0190f2c8-0000-7000-8000-000000000000/two-factor",
      owner.accessToken,
    );
    expect(unknown.statusCode).toBe(404);

    const done = await reset();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      message: teamTexts.twoFactorReset("Mia Chen"),
      member: expect.objectContaining({ id: mia.id, twoFactor: false }),
    });
    // Her session ended at once; a password alone signs her in now.
    expect((await call("GET", "/api/team/me", mia.accessToken)).statusCode).toBe(401);
    const login = await call("POST", "/api/auth/login", undefined, {
      username: "mia@fineline.studio",
      password,
    });
    expect(login.json()).toMatchObject({ accessToken: expect.any(String) });
    expect(login.json().mfaRequired).toBeUndefined();
    const token = login.json().accessToken as string;
    expect((await call("GET", "/api/team/me", token)).json()).toMatchObject({
      twoFactor: false,
      totp: false,
    });
    expect((await call("GET", "/api/auth/passkeys", token)).json()).toEqual({ passkeys: [] });
    // Her old recovery codes are gone with the rest: setting up again gives new ones.
    const again = (await call("POST", "/api/auth/mfa/totp", token, {})).json();
    const fresh = await call("POST", "/api/auth/mfa/totp/confirm", token, {
      code: codeNow(again.secret),
    });
    expect(fresh.json().recoveryCodes).not.toContain(recoveryCodes[0]);

    // The audit log says who reset whose.
    const audit = await call("GET", "/api/audit?action=resetTwoFactor", owner.accessToken);
    expect(audit.json().entries).toEqual([
      expect.objectContaining({
        actor: "admin@fineline.studio",
        target: `id ${mia.id}`,
        details: { person: "mia@fineline.studio" },
      }),
    ]);
  });
});
