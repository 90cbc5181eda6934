import { simpleParser } from "mailparser";
import * as OTPAuth from "otpauth";
import { describe, expect } from "vitest";
import { accountTexts } from "../../domain/account.ts";
import { hashPassword } from "../auth/password.ts";
import { createUser } from "../auth/users.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * "Forgot password?" (docs/team.md): the same answer whether or not an account uses the
 * address; an e-mail through a real SMTP server with a link that works once, for 30 minutes,
 * ends every session, and never skips two-factor sign-in, on both engines.
 */
let clock = new Date("2026-12-06T10:00:00.000Z");
const password = "the forgotten long password";
const minute = 60 * 1000;

type Smtp = { received: { to: string[]; raw: string }[] };
type Outbox = { poke(): void; idle(): Promise<void> } | null | undefined;

/** The reset links e-mailed to `to` so far, once the outbox has sent what is queued. */
async function linksTo(
  app: { outbox?: Outbox; afterAnswer: { idle(): Promise<void> } },
  smtp: Smtp,
  to: string,
) {
  // The link is made once the answer is sent.
  await app.afterAnswer.idle();
  app.outbox?.poke();
  await app.outbox?.idle();
  const mails = smtp.received.filter((mail) =>
    mail.to.some((address) => address.toLowerCase() === to.toLowerCase()),
  );
  return Promise.all(
    mails.map(async (mail) => {
      const parsed = await simpleParser(mail.raw);
      const token = parsed.text?.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error("no link in the reset e-mail");
      return { token, parsed };
    }),
  );
}

describe.each(testEngines)("forgot password on $name", (engine) => {
  const test = engineTest(engine, {
    smtp: true,
    env: { NOTIFY_EMAIL: "studio@fineline.studio", DIGEST_HOUR: "off" },
    deps: { now: () => clock, outboxIntervalMs: 3_600_000 },
  })
    .extend(
      "call",
      ({ app }) =>
        (method: "GET" | "POST", url: string, payload?: object, from = "10.8.0.1") =>
          app.inject({ method, url, ...(payload ? { payload } : {}), remoteAddress: from }),
    )
    .extend("person", async ({ database }) => {
      const user = await createUser(database.db, {
        email: "Mia@Fineline.Studio",
        firstName: "Mia",
        lastName: "Field",
        passwordHash: await hashPassword(password),
        role: "member",
      });
      if (!user) throw new Error("no account");
      return user;
    })
    .extend("login", ({ call, person }) => async (secret: string, from = "10.8.1.1") => {
      const res = await call(
        "POST",
        "/api/auth/login",
        { username: person.email, password: secret },
        from,
      );
      return res;
    })
    .extend("link", ({ app, smtp, call, person }) => async () => {
      const before = (await linksTo(app, smtp, "Mia@Fineline.Studio")).length;
      const asked = await call("POST", "/api/auth/password-reset", { email: person.email });
      expect(asked.statusCode).toBe(202);
      const links = await linksTo(app, smtp, "Mia@Fineline.Studio");
      expect(links).toHaveLength(before + 1);
      return links.at(-1) as { token: string; parsed: Awaited<ReturnType<typeof simpleParser>> };
    });

  test("answers an unknown address as a known one; the e-mailed link works once and ends every session", async ({
    app,
    smtp,
    call,
    login,
    database,
  }) => {
    clock = new Date("2026-12-06T10:00:00.000Z");
    const phone = (await login(password, "10.8.1.1")).json();
    const laptop = (await login(password, "10.8.1.2")).json();

    // Unknown and known addresses: the same status and body.
    const unknown = await call("POST", "/api/auth/password-reset", { email: "nobody@example.com" });
    const known = await call(
      "POST",
      "/api/auth/password-reset",
      { email: "mia@fineline.studio" },
      "10.8.0.2",
    );
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ message: accountTexts.resetRequested });
    const [first, ...more] = await linksTo(app, smtp, "Mia@Fineline.Studio");
    if (!first) throw new Error("no reset e-mail");
    expect(more).toEqual([]);
    // One e-mail in all, to the account: nothing to the unknown address.
    expect(smtp.received.map((mail) => mail.to)).toEqual([["Mia@fineline.studio"]]);
    expect(first.parsed.subject).toMatch(/Choose a new password/);
    expect(first.parsed.text).toContain("works once, for 30 minutes");

    // Only a hash is stored: neither the table nor the outbox holds the token.
    const stored = JSON.stringify(
      await database.db.selectFrom("password_resets").selectAll().execute(),
    );
    const outbox = JSON.stringify(await database.db.selectFrom("outbox").selectAll().execute());
    expect(stored).not.toContain(first.token);
    expect(outbox).not.toContain(first.token);

    const preview = await call("GET", `/api/auth/password-reset/${first.token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      email: "Mia@Fineline.Studio",
      expiresAt: new Date(clock.getTime() + 30 * minute).toISOString(),
    });
    expect(preview.headers["referrer-policy"]).toBe("no-referrer");
    expect(preview.headers["cache-control"]).toBe("no-store");

    const tooShort = await call("POST", `/api/auth/password-reset/${first.token}`, {
      password: "short",
    });
    expect(tooShort.statusCode).toBe(400);
    const reset = await call("POST", `/api/auth/password-reset/${first.token}`, {
      password: "my brand new passphrase",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = reset.json();
    expect(typeof signedIn.accessToken).toBe("string");

    // Every earlier session is over: access tokens and refresh tokens alike.
    for (const session of [phone, laptop]) {
      expect(
        (
          await app.inject({
            method: "GET",
            url: "/api/team/me",
            headers: { "x-access-token": session.accessToken },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await call("POST", "/api/auth/refresh", {
            userID: session.id,
            refresh: session.refreshToken,
          })
        ).statusCode,
      ).toBe(401);
    }
    expect(
      (
        await app.inject({
          method: "GET",
          url: "/api/team/me",
          headers: { "x-access-token": signedIn.accessToken },
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(password, "10.8.1.3")).statusCode).toBe(401);
    expect((await login("my brand new passphrase", "10.8.1.4")).statusCode).toBe(200);

    // Once.
    const again = await call("POST", `/api/auth/password-reset/${first.token}`, {
      password: "yet another passphrase",
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: accountTexts.resetUsed });
    expect((await call("GET", `/api/auth/password-reset/${first.token}`)).statusCode).toBe(410);
    const made = await call("POST", `/api/auth/password-reset/${"x".repeat(43)}`, {
      password: "yet another passphrase",
    });
    expect(made.statusCode).toBe(404);
    expect(made.json()).toEqual({ message: accountTexts.resetUnknown });
    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "resetPassword")
      .execute();
    expect(audit).toHaveLength(1);
  });

  test("a link expires after 30 minutes, and a new password voids the links not yet used", async ({
    call,
    link,
    login,
  }) => {
    clock = new Date("2026-12-06T11:00:00.000Z");
    const late = await link();
    clock = new Date(clock.getTime() + 31 * minute);
    const expired = await call("POST", `/api/auth/password-reset/${late.token}`, {
      password: "too late a passphrase",
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: accountTexts.resetExpired });
    expect((await login(password)).statusCode).toBe(200);

    // Two links: using one voids the other.
    const one = await link();
    const two = await link();
    expect(one.token).not.toBe(two.token);
    expect(
      (
        await call("POST", `/api/auth/password-reset/${two.token}`, {
          password: "the second passphrase",
        })
      ).statusCode,
    ).toBe(200);
    const other = await call("POST", `/api/auth/password-reset/${one.token}`, {
      password: "the first passphrase",
    });
    expect(other.statusCode).toBe(410);
  });

  test("with two-factor sign-in on, a reset still asks for the code", async ({
    app,
    call,
    link,
    login,
  }) => {
    clock = new Date("2026-12-06T12:00:00.000Z");
    const session = (await login(password)).json();
    const token = { "x-access-token": session.accessToken };
    const { secret } = (
      await app.inject({ method: "POST", url: "/api/auth/mfa/totp", headers: token, payload: {} })
    ).json();
    const codeAt = (at: Date) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
        timestamp: at.getTime(),
      });
    const on = await app.inject({
      method: "POST",
      url: "/api/auth/mfa/totp/confirm",
      headers: token,
      payload: { code: codeAt(clock) },
    });
    expect(on.statusCode).toBe(200);

    const { token: resetToken } = await link();
    const reset = await call("POST", `/api/auth/password-reset/${resetToken}`, {
      password: "a passphrase after reset",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const challenge = reset.json();
    expect(challenge.mfaRequired).toBe(true);
    expect(challenge.accessToken).toBeUndefined();
    expect(challenge.refreshToken).toBeUndefined();
    // The link's mfaToken takes the code like a login's; so does a login with the new password.
    clock = new Date(clock.getTime() + 31_000);
    const finished = await call("POST", "/api/auth/mfa", {
      mfaToken: challenge.mfaToken,
      code: codeAt(clock),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(typeof finished.json().accessToken).toBe("string");
    const next = await login("a passphrase after reset", "10.8.1.9");
    expect(next.json()).toMatchObject({ mfaRequired: true });
    expect(next.json().accessToken).toBeUndefined();
  });
});

describe.each(testEngines)("forgot password without e-mail on $name", (engine) => {
  const test = engineTest(engine);
  test("answers the same and makes no link", async ({ app, database }) => {
    await createUser(database.db, {
      email: "mia@fineline.studio",
      firstName: "Mia",
      lastName: "Field",
      passwordHash: await hashPassword(password),
      role: "member",
    });
    const asked = await app.inject({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: "mia@fineline.studio" },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: accountTexts.resetRequested });
    await app.afterAnswer.idle();
    expect(await database.db.selectFrom("password_resets").selectAll().execute()).toEqual([]);
  });
});
