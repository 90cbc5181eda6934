import { simpleParser } from "mailparser";
import { describe, expect } from "vitest";
import { leadTexts } from "../../domain/lead-record.ts";
import { teamTexts } from "../../domain/team.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";

/**
 * Whose lead it is (docs/team.md, "Whose lead is it"): AssignedTo in the lead, the lists'
 * `assigned` filter and the CSV; assignment by hand and in bulk with its history and the
 * new owner's e-mail through a real SMTP server; round-robin in turn, skipping people who are
 * away; leads going back to no one when their owner leaves. On both engines.
 */
describe.each(testEngines)("lead owners on $name", (engine) => {
  const test = engineTest(engine, {
    smtp: true,
    env: { NOTIFY_EMAIL: "studio@fineline.studio", DIGEST_HOUR: "off", RATE_LIMIT: "off" },
    deps: { outboxIntervalMs: 3_600_000 },
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
    .extend("mia", async ({ database, app }) =>
      signedInUser(database.db, "member", "mia@fineline.studio", app.tokens),
    )
    .extend("leo", async ({ database, app }) =>
      signedInUser(database.db, "member", "leo@fineline.studio", app.tokens),
    )
    .extend("arrive", ({ call, database }) => async (n: number) => {
      const res = await call("POST", "/api/leads/contact-us", undefined, {
        email: `visitor-${n}@example.com`,
        firstName: "Ana",
        lastName: `Lopes ${n}`,
        message: `We need a new shop (${n}).`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const lead = await database.db
        .selectFrom("leads")
        .select("id")
        .where("email", "=", `visitor-${n}@example.com`)
        .executeTakeFirstOrThrow();
      return lead.id;
    })
    .extend("mails", ({ app, smtp }) => async (to: string) => {
      app.outbox?.poke();
      await app.outbox?.idle();
      const mine = smtp.received.filter((m) => m.to.includes(to));
      return Promise.all(mine.map((m) => simpleParser(m.raw)));
    });

  test("a lead is given by hand: history, the new owner's e-mail, the filter and the CSV", async ({
    admin,
    mia,
    call,
    arrive,
    mails,
  }) => {
    const id = await arrive(1);
    const fresh = await call("GET", `/api/leads/${id}`, admin.accessToken);
    expect(fresh.json().AssignedTo).toBeNull();

    const given = await call("POST", `/api/leads/update/${id}`, admin.accessToken, {
      AssignedTo: mia.id.toUpperCase(),
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().lead.AssignedTo).toBe(mia.id);

    const history = (await call("GET", `/api/leads/${id}/history`, admin.accessToken)).json();
    expect(history[0]).toMatchObject({
      Field: "AssignedTo",
      From: "",
      To: "mia@fineline.studio",
      By: "admin@fineline.studio",
    });

    const [mail, ...more] = await mails("mia@fineline.studio");
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Ana Lopes 1's lead is yours");
    expect(mail?.text).toContain("We need a new shop (1).");
    expect(mail?.text).toContain(`/admin/leads?lead=${id}`);

    // Her own doing tells no one: she gives it to herself after someone else had it.
    await call("POST", `/api/leads/update/${id}`, admin.accessToken, { AssignedTo: null });
    await call("POST", `/api/leads/update/${id}`, mia.accessToken, { AssignedTo: mia.id });
    expect(await mails("mia@fineline.studio")).toHaveLength(1);

    const other = await arrive(2);
    const mine = await call("GET", "/api/leads/new?assigned=me", mia.accessToken);
    expect(mine.json().map((lead: { ID: string }) => lead.ID)).toEqual([id]);
    const byId = await call("GET", `/api/leads/new?assigned=${mia.id}`, admin.accessToken);
    expect(byId.json().map((lead: { ID: string }) => lead.ID)).toEqual([id]);
    const none = await call("GET", "/api/leads/new?assigned=none", admin.accessToken);
    expect(none.json().map((lead: { ID: string }) => lead.ID)).toEqual([other]);
    expect(
      (await call("GET", "/api/leads/new?assigned=me", admin.accessToken)).json(),
    ).toHaveLength(0);

    const csv = await call("GET", "/api/leads/export.csv?assigned=me", mia.accessToken);
    const [header, row, ...rest] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header?.split(",").at(-1)).toBe("AssignedTo");
    expect(row).toContain(id);
    expect(row?.endsWith(mia.id)).toBe(true);
    expect(rest).toHaveLength(0);
  });

  test("only an owner or member can be given a lead", async ({
    database,
    app,
    admin,
    call,
    arrive,
  }) => {
    const id = await arrive(1);
    const editor = await signedInUser(database.db, "editor", "ed@fineline.studio", app.tokens);
    const outsider = await signedInUser(database.db, "user", "sam@example.com", app.tokens);
    for (const AssignedTo of [editor.id, outsider.id, "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]) {
      const res = await call("POST", `/api/leads/update/${id}`, admin.accessToken, { AssignedTo });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(leadTexts.badAssignee);
    }
    const bad = await call("POST", `/api/leads/update/${id}`, admin.accessToken, {
      AssignedTo: "mia",
    });
    expect(bad.statusCode).toBe(400);
    const bulk = await call("POST", "/api/leads/bulk-update", admin.accessToken, {
      IDs: [id],
      AssignedTo: editor.id,
    });
    expect(bulk.statusCode).toBe(400);
    expect((await call("GET", `/api/leads/${id}`, admin.accessToken)).json().AssignedTo).toBeNull();
  });

  test("bulk assignment: one e-mail for many leads, history on each", async ({
    admin,
    leo,
    call,
    arrive,
    mails,
  }) => {
    const ids = [await arrive(1), await arrive(2), await arrive(3)];
    const res = await call("POST", "/api/leads/bulk-update", admin.accessToken, {
      IDs: ids,
      AssignedTo: leo.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().updated.every((lead: { AssignedTo: string }) => lead.AssignedTo === leo.id),
    ).toBe(true);
    const [mail, ...more] = await mails("leo@fineline.studio");
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("3 leads are yours");
    for (const id of ids) expect(mail?.text).toContain(`/admin/leads?lead=${id}`);
    for (const id of ids) {
      const history = (await call("GET", `/api/leads/${id}/history`, admin.accessToken)).json();
      expect(history[0]).toMatchObject({ Field: "AssignedTo", To: "leo@fineline.studio" });
    }
  });

  test("round-robin gives new leads in turn and skips someone away", async ({
    admin,
    mia,
    leo,
    call,
    arrive,
    mails,
  }) => {
    // Manual by default: a new lead is no one's.
    const before = await arrive(0);
    expect(
      (await call("GET", `/api/leads/${before}`, admin.accessToken)).json().AssignedTo,
    ).toBeNull();

    const member = await call("PUT", "/api/team/assignment", mia.accessToken, {
      mode: "round-robin",
    });
    expect(member.statusCode).toBe(403);
    const bad = await call("PUT", "/api/team/assignment", admin.accessToken, { mode: "random" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(teamTexts.badMode);
    const set = await call("PUT", "/api/team/assignment", admin.accessToken, {
      mode: "round-robin",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ mode: "round-robin" });
    expect((await call("GET", "/api/team/lead-owners", mia.accessToken)).json().mode).toBe(
      "round-robin",
    );

    const owners = [];
    for (let n = 1; n <= 6; n++) {
      const id = await arrive(n);
      owners.push((await call("GET", `/api/leads/${id}`, admin.accessToken)).json().AssignedTo);
    }
    // Three people in a fixed order, each once per round.
    expect(new Set(owners.slice(0, 3))).toEqual(new Set([admin.id, mia.id, leo.id]));
    expect(owners.slice(3)).toEqual(owners.slice(0, 3));

    const away = await call("PUT", "/api/team/me", leo.accessToken, { available: false });
    expect(away.statusCode).toBe(200);
    const later = [];
    for (let n = 7; n <= 10; n++) {
      const id = await arrive(n);
      later.push((await call("GET", `/api/leads/${id}`, admin.accessToken)).json().AssignedTo);
    }
    expect(later).not.toContain(leo.id);
    expect(later.filter((id) => id === mia.id)).toHaveLength(2);

    const first = owners.indexOf(mia.id) + 1;
    const history = (
      await call(
        "GET",
        `/api/leads/${await idOfArrival(call, admin.accessToken, first)}/history`,
        admin.accessToken,
      )
    ).json();
    expect(history[0]).toMatchObject({
      Field: "AssignedTo",
      By: "round-robin",
      Via: "round-robin",
    });
    const miaMails = await mails("mia@fineline.studio");
    expect(miaMails.length).toBe(4);
    expect(miaMails[0]?.text).toContain("it is your turn (round-robin)");
  });

  test("someone removed or made an editor gives their open leads back to no one", async ({
    admin,
    mia,
    leo,
    call,
    arrive,
  }) => {
    const open = await arrive(1);
    const won = await arrive(2);
    const leos = await arrive(3);
    await call("POST", "/api/leads/bulk-update", admin.accessToken, {
      IDs: [open, won],
      AssignedTo: mia.id,
    });
    await call("POST", `/api/leads/update/${won}`, admin.accessToken, { LeadStatus: "CONVERTED" });
    await call("POST", `/api/leads/update/${leos}`, admin.accessToken, { AssignedTo: leo.id });

    const removed = await call("DELETE", `/api/team/members/${mia.id}`, admin.accessToken);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(teamTexts.removedWithLeads("Nora Test", 1));
    const lead = (await call("GET", `/api/leads/${open}`, admin.accessToken)).json();
    expect(lead.AssignedTo).toBeNull();
    expect((await call("GET", `/api/leads/${won}`, admin.accessToken)).json().AssignedTo).toBe(
      mia.id,
    );
    const history = (await call("GET", `/api/leads/${open}/history`, admin.accessToken)).json();
    expect(history[0]).toMatchObject({
      Field: "AssignedTo",
      From: "mia@fineline.studio",
      To: "",
      By: "admin@fineline.studio",
      Via: "removal",
    });
    const people = (await call("GET", "/api/team/lead-owners", admin.accessToken)).json().people;
    expect(people.map((person: { email: string }) => person.email).sort()).toEqual([
      "admin@fineline.studio",
      "leo@fineline.studio",
    ]);

    const editor = await call("PUT", `/api/team/members/${leo.id}`, admin.accessToken, {
      role: "editor",
    });
    expect(editor.statusCode).toBe(200);
    expect(
      (await call("GET", `/api/leads/${leos}`, admin.accessToken)).json().AssignedTo,
    ).toBeNull();
  });
});

/** The ID of the n-th lead that arrived (1-based, the oldest first) in the New list. */
async function idOfArrival(
  call: (method: "GET", url: string, token?: string) => Promise<{ json(): unknown }>,
  token: string,
  n: number,
): Promise<string> {
  const leads = (await (await call("GET", "/api/leads/new?limit=100", token)).json()) as Array<{
    ID: string;
    LastName: string;
  }>;
  const lead = leads.find((l) => l.LastName === `Lopes ${n}`);
  if (!lead) throw new Error(`no lead ${n}`);
  return lead.ID;
}
