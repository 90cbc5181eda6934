import { describe, expect } from "vitest";
import { authTexts } from "../../domain/auth.ts";
import { contactTexts } from "../../domain/contact-texts.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { pagingTexts } from "../../domain/paging.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { countLeads } from "../leads/lead-lists.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * What the security review found to give 500s (on PostgreSQL above all), each checked on both
 * engines: a NUL in any text field, and paging cursors with years JavaScript parses but no
 * database stores. Each must be a 400 with a message, and change nothing.
 */
describe.each(testEngines)("hostile input on $name", (engine) => {
  let address = 0;
  const test = engineTest(engine).extend(
    "post",
    ({ app }) =>
      (url: string, payload: unknown, token?: string) =>
        app.inject({
          method: "POST",
          url,
          payload: payload as object,
          remoteAddress: `10.9.0.${++address % 250}`,
          headers: token ? { "x-access-token": token } : {},
        }),
  );

  const valid = {
    email: "rosa@bakery.example",
    firstName: "Rosa",
    lastName: "Delgado",
    message: "A new site, please.",
  };

  test("refuses a NUL in each contact field with 400 and the field's text", async ({
    database,
    post,
  }) => {
    for (const [field, message] of [
      ["email", contactTexts.invalidEmail],
      ["firstName", contactTexts.invalidFirstName],
      ["lastName", contactTexts.invalidLastName],
      ["message", contactTexts.invalidMessage],
    ] as const) {
      const res = await post("/api/leads/contact-us", { ...valid, [field]: `Ro\u0000sa` });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ message });
    }
    expect(await countLeads(database.db)).toBe(0);
    // Tabs and line breaks are what messages are made of.
    const ok = await post("/api/leads/contact-us", { ...valid, message: "Hi,\r\n\tthanks!" });
    expect(ok.statusCode).toBe(201);
  });

  test("refuses a NUL in sign-up names and the login username", async ({ post }) => {
    for (const [field, message] of [
      ["first_name", authTexts.invalidFirstName],
      ["last_name", authTexts.invalidLastName],
      ["email", authTexts.invalidEmail],
    ] as const) {
      const res = await post("/api/auth/signup", {
        email: "sam@shop.example",
        password: "correct horse",
        first_name: "Sam",
        last_name: "Reyes",
        [field]: "Sa\u0000m",
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ message });
    }
    const login = await post("/api/auth/login", {
      username: "sam\u0000@shop.example",
      password: "x",
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: authTexts.malformed });
  });

  test("refuses a right-to-left override in a contact name or a sign-up name, storing nothing", async ({
    database,
    post,
  }) => {
    const reversed = "Ann\u202egnp.exe";
    const contact = await post("/api/leads/contact-us", { ...valid, firstName: reversed });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual({ message: contactTexts.invalidFirstName });
    expect(await countLeads(database.db)).toBe(0);
    const account = {
      email: "sam@shop.example",
      password: "correct horse",
      first_name: "Sam",
      last_name: "Reyes",
    };
    const signup = await post("/api/auth/signup", { ...account, last_name: reversed });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual({ message: authTexts.invalidLastName });
    // No account was made: the address is still free.
    expect((await post("/api/auth/signup", account)).statusCode).toBe(201);
  });

  test("refuses a NUL in notes, and leaves the lead as it was", async ({
    database,
    admin,
    post,
  }) => {
    const { id } = await createContactLead(database.db, { ...valid, sourcePage: "/" });
    const res = await post(
      `/api/leads/update/${id}`,
      { Notes: "called\u0000back" },
      admin.accessToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: leadTexts.badNotes });
    const saved = await post(
      `/api/leads/update/${id}`,
      { Notes: "called\tback\n" },
      admin.accessToken,
    );
    expect(saved.json().lead.Notes).toBe("called\tback\n");
  });

  test("refuses paging cursors with years no database stores", async ({ app, admin }) => {
    const cursor = (at: string) =>
      Buffer.from(`${at}|0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`).toString("base64url");
    for (const at of [
      "+275760-09-13T00:00:00.000Z",
      "-271821-04-20T00:00:00.000Z",
      "+010000-01-01T00:00:00.000Z",
      "0000-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "2026-11-01T09:00:00Z",
    ]) {
      for (const list of ["new", "old"]) {
        const res = await app.inject({
          method: "GET",
          url: `/api/leads/${list}?cursor=${cursor(at)}`,
          headers: { "x-access-token": admin.accessToken },
        });
        expect(res.statusCode, `${list} ${at}`).toBe(400);
        expect(res.json()).toEqual({ message: pagingTexts.badCursor });
      }
    }
  });

  test("refuses an UpdatedAt with a year past 9999 as a bad timestamp, not a 500", async ({
    database,
    admin,
    post,
  }) => {
    const { id } = await createContactLead(database.db, { ...valid, sourcePage: "/" });
    const res = await post(
      `/api/leads/update/${id}`,
      { CommStatus: "DEAD", UpdatedAt: "+275760-09-13T00:00:00.000Z" },
      admin.accessToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: leadTexts.badUpdatedAt });
    for (const UpdatedAt of ["9999-12-31T23:59:59-05:00", "0000-01-01T00:00:00.000Z"]) {
      const late = await post(
        `/api/leads/update/${id}`,
        { CommStatus: "DEAD", UpdatedAt },
        admin.accessToken,
      );
      expect(late.statusCode, UpdatedAt).toBe(400);
    }
  });

  test("refuses prototype keys and answers with a message", async ({ app }) => {
    for (const payload of [
      '{"__proto__":{"role":"admin"},"email":"a@b.example","password":"correct horse","first_name":"A","last_name":"B"}',
      '{"constructor":{"prototype":{"role":"admin"}},"email":"a@b.example","password":"correct horse","first_name":"A","last_name":"B"}',
    ]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(({} as { role?: string }).role).toBeUndefined();
  });
});
