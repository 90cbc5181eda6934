import { sql } from "kysely";
import { describe, expect } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { purgeAudit } from "./audit-log.repository.ts";

/**
 * The audit log (docs/team.md, "Audit log"): sign-ins and failed ones, lead updates with
 * before and after, bulk updates, exports, erasures without the person's data, role changes;
 * read and filtered by the owner alone, never changed through the API, let go at 400 days.
 */
let clock = new Date("2026-11-29T10:00:00.000Z");

describe.each(testEngines)("the audit log on $name", (engine) => {
  const test = engineTest(engine, { deps: { now: () => clock } }).extend(
    "call",
    ({ app }) =>
      (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
        app.inject({
          method,
          url,
          headers: token ? { "x-access-token": token } : {},
          ...(payload ? { payload } : {}),
          remoteAddress: "10.7.0.1",
        }),
  );

  test("records who changed what, with before and after, and nothing personal", async ({
    app,
    admin,
    database,
    call,
  }) => {
    clock = new Date("2026-11-29T10:00:00.000Z");
    const lead = await call("POST", "/api/leads/contact-us", undefined, {
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      message: "A very private message about my shop.",
    });
    expect(lead.statusCode).toBe(201);
    const [first] = (await call("GET", "/api/leads/new", admin.accessToken)).json();
    const updated = await call("POST", `/api/leads/update/${first.ID}`, admin.accessToken, {
      LeadStatus: "HOT",
      Value: 4200,
      Notes: "Called her; she wants a quote by Friday.",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(
      (await call("GET", "/api/leads/export.csv?list=all", admin.accessToken)).statusCode,
    ).toBe(200);
    expect((await call("DELETE", `/api/leads/${first.ID}`, admin.accessToken)).statusCode).toBe(
      200,
    );
    // A failed sign-in, as typed.
    await call("POST", "/api/auth/login", undefined, {
      username: "Mallory@Example.com",
      password: "guess",
    });
    const member = await signedInUser(database.db, "member", "m@fineline.studio", app.tokens);
    expect(
      (await call("PUT", `/api/team/members/${member.id}`, admin.accessToken, { role: "editor" }))
        .statusCode,
    ).toBe(200);

    const page = await call("GET", "/api/audit", admin.accessToken);
    expect(page.statusCode).toBe(200);
    const { entries } = page.json();
    const byAction = (action: string) =>
      entries.find((e: { action: string }) => e.action === action);
    expect(byAction("updateLead")).toMatchObject({
      actor: "admin@fineline.studio",
      target: `id ${first.ID}`,
      details: {
        changed: {
          LeadStatus: { before: "WARM", after: "HOT" },
          Value: { before: null, after: 4200 },
        },
        notesChanged: true,
      },
    });
    expect(byAction("exportLeads")).toMatchObject({
      actor: "admin@fineline.studio",
      details: { list: "all" },
    });
    expect(byAction("eraseLead")).toMatchObject({ target: `id ${first.ID}` });
    expect(byAction("loginFailed")).toMatchObject({ actor: "mallory@example.com", target: null });
    expect(byAction("changeRole")).toMatchObject({
      details: { person: "m@fineline.studio", role: { before: "member", after: "editor" } },
    });
    // Nothing the visitor wrote or the owner noted is in the log.
    const everything = JSON.stringify(entries);
    for (const personal of ["ada@example.com", "Lovelace", "private message", "quote by Friday"])
      expect(everything).not.toContain(personal);
    // Reads other than exports are not changes.
    expect(entries.some((e: { action: string }) => e.action === "newLeads")).toBe(false);
  });

  // Held behind a lock on the log, a change must not be answered before its entry is written:
  // an answer sent first would leave a change with no record if the process died right then.
  // (SQLite has one writer, so the lock would hold the change itself back too.)
  if (engine.name === "postgres")
    test("a change is answered only once its entry is written", async ({
      admin,
      database,
      call,
    }) => {
      clock = new Date("2026-11-29T12:00:00.000Z");
      await call("POST", "/api/leads/contact-us", undefined, {
        email: "grace@example.com",
        firstName: "Grace",
        lastName: "Hopper",
        message: "A compiler for my bakery's orders, please.",
      });
      const [lead] = (await call("GET", "/api/leads/new", admin.accessToken)).json();
      let answered = false;
      const update = await database.db.transaction().execute(async (trx) => {
        await sql`lock table audit_log in share mode`.execute(trx);
        const pending = call("POST", `/api/leads/update/${lead.ID}`, admin.accessToken, {
          LeadStatus: "HOT",
        }).then((response) => {
          answered = true;
          return response;
        });
        await new Promise((resolve) => setTimeout(resolve, 800));
        expect(answered).toBe(false);
        return { pending };
      });
      expect((await update.pending).statusCode).toBe(200);
      const { entries } = (
        await call("GET", "/api/audit?action=updateLead", admin.accessToken)
      ).json();
      expect(entries[0]).toMatchObject({ target: `id ${lead.ID}` });
    });

  test("filters by actor and action, pages newest first, and is the owner's alone", async ({
    app,
    admin,
    database,
    call,
  }) => {
    for (let minute = 0; minute < 5; minute++) {
      clock = new Date(Date.UTC(2026, 10, 29, 11, minute));
      await call("POST", "/api/auth/login", undefined, {
        username: `x${minute}@example.com`,
        password: "nope",
      });
    }
    const first = (
      await call("GET", "/api/audit?action=loginFailed&limit=2", admin.accessToken)
    ).json();
    expect(first.entries.map((e: { actor: string }) => e.actor)).toEqual([
      "x4@example.com",
      "x3@example.com",
    ]);
    const second = (
      await call(
        "GET",
        `/api/audit?action=loginFailed&limit=2&cursor=${first.next}`,
        admin.accessToken,
      )
    ).json();
    expect(second.entries.map((e: { actor: string }) => e.actor)).toEqual([
      "x2@example.com",
      "x1@example.com",
    ]);
    const one = (await call("GET", "/api/audit?actor=X0@example.com", admin.accessToken)).json();
    expect(one.entries).toHaveLength(1);
    expect(one.next).toBeNull();

    for (const role of ["member", "editor"] as const) {
      const person = await signedInUser(database.db, role, `${role}@x.studio`, app.tokens);
      expect((await call("GET", "/api/audit", person.accessToken)).statusCode).toBe(403);
    }
    // No endpoint changes or deletes an entry.
    for (const method of ["POST", "PUT", "DELETE"] as const)
      expect((await call(method, "/api/audit", admin.accessToken, {})).statusCode).toBe(404);

    // 400 days on, they are let go.
    expect(
      await purgeAudit(app.db, new Date(clock.getTime() + 401 * 24 * 60 * 60 * 1000)),
    ).toBeGreaterThanOrEqual(5);
    expect(
      (await call("GET", "/api/audit?action=loginFailed", admin.accessToken)).json().entries,
    ).toEqual([]);
  });
});
