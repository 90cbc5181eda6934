import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { mfaTexts } from "../../domain/mfa.ts";
import { teamTexts } from "../../domain/team.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { accessTexts } from "./guards.ts";

/**
 * The owner requires two-factor sign-in of everyone (docs/team.md, "Two-factor sign-in"):
 * only an owner who has it may turn the rule on; then someone without it reaches only their
 * own account and its setup until they set it up, and nobody can turn theirs off. Both engines.
 */
const codeNow = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe.each(testEngines)("requiring two-factor sign-in on $name", (engine) => {
  const test = engineTest(engine)
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
    .extend("turnOn", ({ call }) => async (token: string) => {
      const { secret } = (await call("POST", "/api/auth/mfa/totp", token)).json();
      const on = await call("POST", "/api/auth/mfa/totp/confirm", token, {
        code: codeNow(secret),
      });
      expect(on.statusCode, on.body).toBe(200);
      return secret as string;
    });

  test("an owner with it requires it; the others set it up before anything else", async ({
    admin,
    member,
    call,
    turnOn,
  }) => {
    const require = (token: string, required: boolean) =>
      call("PUT", "/api/team/two-factor", token, { required });

    const first = await require(admin.accessToken, true);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe(teamTexts.twoFactorYourselfFirst);
    expect((await require(member.accessToken, true)).statusCode).toBe(403);
    expect(
      (await call("PUT", "/api/team/two-factor", admin.accessToken, { required: "yes" }))
        .statusCode,
    ).toBe(400);

    const ownerSecret = await turnOn(admin.accessToken);
    const on = await require(admin.accessToken, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ required: true, message: teamTexts.twoFactorRequired(1) });

    // Mia, without it: her own account answers, nothing else does.
    const leads = await call("GET", "/api/leads/new", member.accessToken);
    expect(leads.statusCode).toBe(403);
    expect(leads.json().message).toBe(accessTexts.twoFactorFirst);
    expect((await call("GET", "/api/pipeline", member.accessToken)).statusCode).toBe(403);
    expect((await call("GET", "/api/team/me", member.accessToken)).statusCode).toBe(200);
    expect((await call("GET", "/api/settings", member.accessToken)).statusCode).toBe(200);
    expect((await call("POST", "/api/auth/admin", member.accessToken, {})).json()).toEqual({
      admin: true,
      role: "member",
      mustSetUpTwoFactor: true,
    });

    await turnOn(member.accessToken);
    expect((await call("GET", "/api/leads/new", member.accessToken)).statusCode).toBe(200);
    expect((await call("POST", "/api/auth/admin", member.accessToken, {})).json()).toEqual({
      admin: true,
      role: "member",
    });

    // Nobody turns theirs off while it is required.
    const off = await call("DELETE", "/api/auth/mfa/totp", admin.accessToken, {
      code: codeNow(ownerSecret),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(mfaTexts.required);

    const team = (await call("GET", "/api/team", admin.accessToken)).json();
    expect(team.twoFactorRequired).toBe(true);
    expect(team.members.every((m: { twoFactor: boolean }) => m.twoFactor)).toBe(true);

    const lifted = await require(admin.accessToken, false);
    expect(lifted.json()).toEqual({ required: false, message: teamTexts.twoFactorOptional });
    const audit = (
      await call("GET", "/api/audit?action=setTwoFactorPolicy", admin.accessToken)
    ).json();
    expect(audit.entries[0]).toMatchObject({ action: "setTwoFactorPolicy" });
  });
});
