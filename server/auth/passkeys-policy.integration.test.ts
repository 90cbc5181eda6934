import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { passkeyTexts } from "../../domain/passkeys.ts";
import { softwareAuthenticator } from "../test-support/authenticator.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { accessTexts } from "./guards.ts";

/**
 * A passkey is "two-factor on" for the team's rule (docs/team.md, "Two-factor sign-in"): an
 * owner with one may require two-factor sign-in, a member with one passes the guard and shows
 * as two-factor on, and under the rule the last second factor stays, whichever kind it is.
 */
const siteUrl = "https://studio.example.com";
const rp = { rpId: "studio.example.com", origin: siteUrl };
const codeNow = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe.each(testEngines)("passkeys under the team's rule on $name", (engine) => {
  const test = engineTest(engine, { env: { SITE_URL: siteUrl } })
    .extend(
      "call",
      ({ app }) =>
        (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { "x-access-token": token },
            ...(payload ? { payload } : {}),
          }),
    )
    .extend("member", async ({ database, app }) =>
      signedInUser(database.db, "member", "mia@fineline.studio", app.tokens),
    )
    .extend("addPasskey", ({ call }) => async (token: string, name: string) => {
      const options = await call("POST", "/api/auth/passkeys/options", token, {});
      const added = await call("POST", "/api/auth/passkeys", token, {
        name,
        response: softwareAuthenticator(rp).register(options.json().challenge),
      });
      expect(added.statusCode, added.body).toBe(201);
      return added.json().passkey as { id: string };
    });

  test("an owner with a passkey requires it; a member with one passes; the last one stays", async ({
    call,
    admin: owner,
    member,
    addPasskey,
  }) => {
    const require = () =>
      call("PUT", "/api/team/two-factor", owner.accessToken, { required: true });
    expect((await require()).statusCode).toBe(409);
    const owners = await addPasskey(owner.accessToken, "Office key");
    expect((await require()).statusCode).toBe(200);
    expect((await call("POST", "/api/auth/admin", owner.accessToken, {})).json()).toEqual({
      admin: true,
      role: "owner",
    });

    // The member without one is held at their account; with one, the admin opens.
    const held = await call("GET", "/api/leads/new", member.accessToken);
    expect(held.json()).toEqual({ message: accessTexts.twoFactorFirst });
    const mias = await addPasskey(member.accessToken, "Phone");
    expect((await call("GET", "/api/leads/new", member.accessToken)).statusCode).toBe(200);
    const team = (await call("GET", "/api/team", owner.accessToken)).json();
    expect(team.members).toContainEqual(
      expect.objectContaining({ email: "mia@fineline.studio", twoFactor: true }),
    );
    expect((await call("GET", "/api/team/me", member.accessToken)).json()).toMatchObject({
      twoFactor: true,
      totp: false,
    });

    // Her last second factor stays. With app codes and two passkeys, the codes may go, then
    // one passkey; the other is the last and stays. Someone else's is not hers to remove.
    const last = await call("DELETE", `/api/auth/passkeys/${mias.id}`, member.accessToken);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: passkeyTexts.lastFactor });
    const { secret } = (await call("POST", "/api/auth/mfa/totp", member.accessToken)).json();
    const { recoveryCodes } = (
      await call("POST", "/api/auth/mfa/totp/confirm", member.accessToken, {
        code: codeNow(secret),
      })
    ).json();
    const second = await addPasskey(member.accessToken, "Laptop");
    // App codes off (with a recovery code: the app's code was just used) while passkeys
    // remain: allowed under the rule.
    const codesOff = await call("DELETE", "/api/auth/mfa/totp", member.accessToken, {
      code: recoveryCodes[0],
    });
    expect(codesOff.statusCode, codesOff.body).toBe(200);
    expect(
      (await call("DELETE", `/api/auth/passkeys/${mias.id}`, member.accessToken)).statusCode,
    ).toBe(200);
    expect(
      (await call("DELETE", `/api/auth/passkeys/${second.id}`, member.accessToken)).statusCode,
    ).toBe(409);
    expect(
      (await call("DELETE", `/api/auth/passkeys/${owners.id}`, member.accessToken)).statusCode,
    ).toBe(404);
  });
});
