import { simpleParser } from "mailparser";
import { describe, expect } from "vitest";
import { teamTexts } from "../../domain/team.ts";
import { accessTexts } from "../auth/guards.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";

/**
 * The team (docs/team.md): invitations by e-mail through a real SMTP server, each role's
 * reach as the server enforces it, role changes, removal, and the rule that the team always
 * keeps an owner, on both engines.
 */
let clock = new Date("2026-11-29T10:00:00.000Z");
const day = 24 * 60 * 60 * 1000;

describe.each(testEngines)("the team on $name", (engine) => {
  const test = engineTest(engine, {
    smtp: true,
    env: { NOTIFY_EMAIL: "owner@fineline.studio", DIGEST_HOUR: "off" },
    deps: { now: () => clock, outboxIntervalMs: 3_600_000 },
  })
    .extend(
      "call",
      ({ app }) =>
        (
          method: "GET" | "POST" | "PUT" | "DELETE",
          url: string,
          token?: string,
          payload?: object,
        ) =>
          app.inject({
            method,
            url,
            headers: token ? { "x-access-token": token } : {},
            ...(payload ? { payload } : {}),
          }),
    )
    .extend("invite", ({ app, smtp, admin, call }) => async (email: string, role: string) => {
      const res = await call("POST", "/api/team/invitations", admin.accessToken, { email, role });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().invitation.id as string, ...(await linkFor(app, smtp, email)) };
    });

  /** The link of the last invitation e-mail sent to `to`, after the outbox's pass. */
  async function linkFor(
    app: { outbox?: { poke(): void; idle(): Promise<void> } | null },
    smtp: { received: { to: string[]; raw: string }[] },
    to: string,
  ) {
    app.outbox?.poke();
    await app.outbox?.idle();
    const mail = smtp.received
      .filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()))
      .at(-1);
    if (!mail) throw new Error(`no invitation e-mail to ${to}`);
    const parsed = await simpleParser(mail.raw);
    const token = parsed.text?.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error("no link in the invitation");
    return { token, parsed };
  }

  test("an owner invites a member and an editor; each accepts and works within their role", async ({
    app,
    admin,
    smtp,
    call,
    invite,
  }) => {
    clock = new Date("2026-11-29T10:00:00.000Z");
    const invited = await call("POST", "/api/team/invitations", admin.accessToken, {
      email: "Mia@Example.com",
      role: "member",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      invitation: {
        email: "Mia@Example.com",
        role: "member",
        status: "open",
        invitedBy: "Nora Test",
      },
      message: "Invitation sent to Mia@Example.com.",
    });
    const { token, parsed } = await linkFor(app, smtp, "Mia@Example.com");
    expect(parsed.subject).toMatch(/Nora Test invites you to/);
    expect(parsed.text).toContain("The link works once, for 7 days");
    // Only the hash is stored, and the outbox row holds no token either.
    const stored = JSON.stringify(
      await app.db.selectFrom("team_invitations").selectAll().execute(),
    );
    const outbox = JSON.stringify(await app.db.selectFrom("outbox").selectAll().execute());
    expect(stored).not.toContain(token);
    expect(outbox).not.toContain(token);

    const preview = await call("GET", `/api/team/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email: "Mia@Example.com",
      role: "member",
      hasAccount: false,
    });
    expect(preview.headers["referrer-policy"]).toBe("no-referrer");

    // Names are needed for a new account.
    const nameless = await call("POST", `/api/team/invitations/${token}/accept`, undefined, {
      password: "a good long password",
    });
    expect(nameless.statusCode).toBe(400);
    const accepted = await call("POST", `/api/team/invitations/${token}/accept`, undefined, {
      password: "a good long password",
      first_name: "Mia",
      last_name: "Field",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mia = accepted.json();
    expect(mia).toMatchObject({ email: "Mia@Example.com", firstName: "Mia" });
    expect(typeof mia.accessToken).toBe("string");
    // Single use.
    const again = await call("POST", `/api/team/invitations/${token}/accept`, undefined, {
      password: "a good long password",
      first_name: "Mia",
      last_name: "Field",
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: teamTexts.invitationUsed });

    const check = await call("POST", "/api/auth/admin", mia.accessToken, {});
    expect(check.json()).toEqual({ admin: true, role: "member" });
    expect((await call("GET", "/api/leads/new", mia.accessToken)).statusCode).toBe(200);
    expect((await call("GET", "/api/team", mia.accessToken)).statusCode).toBe(200);
    const refused = await call("POST", "/api/team/invitations", mia.accessToken, {
      email: "x@example.com",
      role: "owner",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: accessTexts.notYourRole });

    // The editor: content yes, leads never.
    const edLink = await invite("ed@example.com", "editor");
    const ed = (
      await call("POST", `/api/team/invitations/${edLink.token}/accept`, undefined, {
        password: "another long password",
        first_name: "Ed",
        last_name: "Words",
      })
    ).json();
    expect((await call("GET", "/api/content", ed.accessToken)).statusCode).toBe(200);
    for (const url of ["/api/leads/new", "/api/pipeline", "/api/insights", "/api/leads/export.csv"])
      expect((await call("GET", url, ed.accessToken)).statusCode, url).toBe(403);

    // The team as the owner sees it: owners first, with last sign-ins.
    const team = (await call("GET", "/api/team", admin.accessToken)).json();
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ["admin@fineline.studio", "owner"],
      ["Mia@Example.com", "member"],
      ["ed@example.com", "editor"],
    ]);
    expect(team.members[1].lastSignInAt).not.toBeNull();
    expect(team.invitations).toEqual([]);
  });

  test("a link is refused once withdrawn, replaced, or expired, and unknown ones are 404", async ({
    app,
    admin,
    smtp,
    call,
  }) => {
    clock = new Date("2026-11-29T10:00:00.000Z");
    const first = await call("POST", "/api/team/invitations", admin.accessToken, {
      email: "sam@example.com",
      role: "member",
    });
    const id = first.json().invitation.id;
    const old = await linkFor(app, smtp, "sam@example.com");
    const resent = await call("POST", `/api/team/invitations/${id}/resend`, admin.accessToken);
    expect(resent.statusCode).toBe(200);
    const fresh = await linkFor(app, smtp, "sam@example.com");
    expect(fresh.token).not.toBe(old.token);
    // The replaced link is simply no longer a link.
    expect((await call("GET", `/api/team/invitations/${old.token}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/team/invitations/${fresh.token}`)).statusCode).toBe(200);
    expect((await call("GET", "/api/team/invitations/not-a-real-token-at-all")).statusCode).toBe(
      404,
    );

    // Seven days later it has expired; the owner sees that and may send it again.
    clock = new Date(clock.getTime() + 7 * day + 1000);
    const expired = await call("POST", `/api/team/invitations/${fresh.token}/accept`, undefined, {
      password: "a good long password",
      first_name: "Sam",
      last_name: "Hill",
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: teamTexts.invitationExpired });
    const list = (await call("GET", "/api/team", admin.accessToken)).json();
    expect(list.invitations).toMatchObject([{ email: "sam@example.com", status: "expired" }]);

    // Withdrawn: the link answers 410, and withdrawing again is 404.
    const renewed = await call("POST", `/api/team/invitations/${id}/resend`, admin.accessToken);
    expect(renewed.json().invitation.status).toBe("open");
    const current = await linkFor(app, smtp, "sam@example.com");
    expect(
      (await call("DELETE", `/api/team/invitations/${id}`, admin.accessToken)).statusCode,
    ).toBe(200);
    expect((await call("GET", `/api/team/invitations/${current.token}`)).json()).toEqual({
      message: teamTexts.invitationRevoked,
    });
    expect(
      (await call("DELETE", `/api/team/invitations/${id}`, admin.accessToken)).statusCode,
    ).toBe(404);
  });

  test("an existing account accepts with its own password, throttled like a login", async ({
    admin,
    call,
    invite,
  }) => {
    clock = new Date("2026-11-29T10:00:00.000Z");
    const signup = await call("POST", "/api/auth/signup", undefined, {
      email: "lee@example.com",
      password: "lee's own password",
      first_name: "Lee",
      last_name: "Park",
    });
    expect(signup.statusCode).toBe(201);
    const { token } = await invite("LEE@example.com", "editor");
    expect((await call("GET", `/api/team/invitations/${token}`)).json().hasAccount).toBe(true);
    const wrong = await call("POST", `/api/team/invitations/${token}/accept`, undefined, {
      password: "not the password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: teamTexts.wrongPassword });
    const right = await call("POST", `/api/team/invitations/${token}/accept`, undefined, {
      password: "lee's own password",
    });
    expect(right.statusCode).toBe(200);
    expect((await call("POST", "/api/auth/admin", right.json().accessToken, {})).json()).toEqual({
      admin: true,
      role: "editor",
    });
    // Someone already on the team is not invited: their role is changed instead.
    const twice = await call("POST", "/api/team/invitations", admin.accessToken, {
      email: "lee@example.com",
      role: "member",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: teamTexts.alreadyOnTeam });
  });

  test("two accepts of one link at once: one account, one success", async ({
    app,
    call,
    invite,
  }) => {
    clock = new Date("2026-11-29T10:00:00.000Z");
    const { token } = await invite("twin@example.com", "member");
    const body = { password: "a good long password", first_name: "Twin", last_name: "Tab" };
    const answers = await Promise.all([
      call("POST", `/api/team/invitations/${token}/accept`, undefined, body),
      call("POST", `/api/team/invitations/${token}/accept`, undefined, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const accounts = await app.db
      .selectFrom("users")
      .select("id")
      .where("email_normalized", "=", "twin@example.com")
      .execute();
    expect(accounts).toHaveLength(1);
  });

  test("roles change at once; the last owner stays; a removed member is out on the next request", async ({
    app,
    admin,
    database,
    call,
  }) => {
    const member = await signedInUser(database.db, "member", "m@fineline.studio", app.tokens);
    // A role change applies to the very next request.
    expect((await call("GET", "/api/leads/new", member.accessToken)).statusCode).toBe(200);
    const demoted = await call("PUT", `/api/team/members/${member.id}`, admin.accessToken, {
      role: "editor",
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().member).toMatchObject({ role: "editor" });
    expect((await call("GET", "/api/leads/new", member.accessToken)).statusCode).toBe(403);
    const badRole = await call("PUT", `/api/team/members/${member.id}`, admin.accessToken, {
      role: "admin",
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toEqual({ message: teamTexts.badRole });

    // The only owner can neither step down nor be removed.
    const alone = await call("PUT", `/api/team/members/${admin.id}`, admin.accessToken, {
      role: "member",
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ message: teamTexts.lastOwner });
    expect(
      (await call("DELETE", `/api/team/members/${admin.id}`, admin.accessToken)).statusCode,
    ).toBe(409);

    // Removed: the access token fails at once, and the refresh token is refused.
    const removed = await call("DELETE", `/api/team/members/${member.id}`, admin.accessToken);
    expect(removed.statusCode).toBe(200);
    expect((await call("GET", "/api/content", member.accessToken)).statusCode).toBe(401);
    const refresh = await call("POST", "/api/auth/refresh", member.accessToken, {
      userID: member.id,
      refresh: member.refreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (await call("DELETE", `/api/team/members/${member.id}`, admin.accessToken)).statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/team", admin.accessToken)).json().members).toHaveLength(1);
  });

  test("two owners demoting each other at once leave one owner", async ({
    app,
    admin,
    database,
    call,
  }) => {
    const other = await signedInUser(database.db, "owner", "o2@fineline.studio", app.tokens);
    const answers = await Promise.all([
      call("PUT", `/api/team/members/${other.id}`, admin.accessToken, { role: "member" }),
      call("PUT", `/api/team/members/${admin.id}`, other.accessToken, { role: "member" }),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    const owners = await database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "owner")
      .execute();
    expect(owners).toHaveLength(1);
    // Either one demotion won and the other was refused (or lost its owner role first: 403).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });

  test("inviting refuses a bad role or address", async ({ admin, call }) => {
    const badRole = await call("POST", "/api/team/invitations", admin.accessToken, {
      email: "a@example.com",
      role: "admin",
    });
    expect(badRole.statusCode).toBe(400);
    const badEmail = await call("POST", "/api/team/invitations", admin.accessToken, {
      email: "not an address",
      role: "member",
    });
    expect(badEmail.statusCode).toBe(400);
  });

  engineTest(engine)(
    "without e-mail, the owner gets the link to send, and it works",
    async ({ app, admin }) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/team/invitations",
        headers: { "x-access-token": admin.accessToken },
        payload: { email: "a@example.com", role: "member" },
      });
      expect(res.statusCode).toBe(201);
      const { message, link } = res.json();
      expect(message).toBe(teamTexts.linkToSend("a@example.com"));
      const token = String(link).match(/\/invite\/([A-Za-z0-9_-]+)$/)?.[1] ?? "";
      // Made from the key when asked, never stored.
      const stored = JSON.stringify(
        await app.db.selectFrom("team_invitations").selectAll().execute(),
      );
      expect(stored).not.toContain(token);
      const accepted = await app.inject({
        method: "POST",
        url: `/api/team/invitations/${token}/accept`,
        payload: { password: "a good long password", first_name: "Al", last_name: "Mail" },
      });
      expect(accepted.statusCode).toBe(200);
    },
  );

  test("anyone on the team reads and changes their own name and availability", async ({
    app,
    database,
    call,
  }) => {
    const editor = await signedInUser(database.db, "editor", "e@fineline.studio", app.tokens);
    const mine = await call("GET", "/api/team/me", editor.accessToken);
    expect(mine.json()).toMatchObject({
      member: { email: "e@fineline.studio", role: "editor", available: true },
      twoFactor: false,
    });
    const away = await call("PUT", "/api/team/me", editor.accessToken, {
      available: false,
      firstName: "Eve",
    });
    expect(away.statusCode).toBe(200);
    expect(away.json().member).toMatchObject({
      available: false,
      firstName: "Eve",
      lastName: "Test",
    });
    expect(
      (await call("PUT", "/api/team/me", editor.accessToken, { available: "no" })).statusCode,
    ).toBe(400);
    // Someone signed up but not on the team has no "me" here.
    const outsider = await signedInUser(database.db, "user", "u@example.com", app.tokens);
    expect((await call("GET", "/api/team/me", outsider.accessToken)).statusCode).toBe(403);
  });
});
