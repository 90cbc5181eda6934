import { describe, expect, it } from "vitest";
import { contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import { countLeads, listLeads } from "../leads/lead-lists.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";

const valid = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "We need a new site.",
};

describe.each(testEngines)("POST /api/leads/contact-us on $name", (engine) => {
  let ip = 0;
  const test = engineTest(engine)
    // Each request from its own address unless a test is about the rate limit.
    .extend(
      "post",
      ({ app }) =>
        (payload: unknown, headers: Record<string, string> = {}) =>
          app.inject({
            method: "POST",
            url: "/api/leads/contact-us",
            remoteAddress: `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
            ...(typeof payload === "string" ? { payload } : { payload: payload as object }),
            headers: { "content-type": "application/json", ...headers },
          }),
    )
    .extend(
      "form",
      ({ app }) =>
        (fields: Record<string, string>, remoteAddress = "198.51.100.7") =>
          app.inject({
            method: "POST",
            url: "/api/leads/contact-us",
            remoteAddress,
            payload: new URLSearchParams(fields).toString(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
    );

  test("stores a valid request after the commit and answers 201 with the spec's text", async ({
    database,
    post,
  }) => {
    const res = await post(valid, { referer: "http://localhost:3000/home?x=1#contact-us" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "We'll be in touch shortly!" });
    const [lead] = (await listLeads(database.db, "new", { limit: 1 })).leads;
    expect(lead).toMatchObject({
      FirstName: "Rosa",
      LastName: "Delgado",
      Email: "rosa@bakery.example",
      Message: "We need a new site.",
      ContactedUs: true,
      CommStatus: "UNREAD",
      LeadStatus: "WARM",
      SourcePage: "/home",
    });
  });

  test.for([
    [{ ...valid, email: "" }, contactTexts.invalidEmail],
    [{ ...valid, email: "not-an-email" }, contactTexts.invalidEmail],
    [{ ...valid, email: `${"a".repeat(310)}@bakery.example` }, contactTexts.invalidEmail],
    [{ ...valid, email: 7 }, contactTexts.invalidEmail],
    [{ ...valid, firstName: "" }, contactTexts.invalidFirstName],
    [{ ...valid, firstName: "   " }, contactTexts.invalidFirstName],
    [{ ...valid, firstName: null }, contactTexts.invalidFirstName],
    [{ ...valid, lastName: "" }, contactTexts.invalidLastName],
    [{ ...valid, lastName: { first: "x" } }, contactTexts.invalidLastName],
    [{ email: "", firstName: "", lastName: "" }, contactTexts.invalidEmail],
    [{ ...valid, firstName: "", lastName: "" }, contactTexts.invalidFirstName],
    [{}, contactTexts.invalidEmail],
    [[valid], contactTexts.invalidEmail],
    [{ ...valid, message: "x".repeat(5001) }, contactTexts.messageTooLong],
  ])("rejects %j with 400 and the right text", async ([payload, message], { database, post }) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countLeads(database.db)).toBe(0);
  });

  test("accepts a missing message (the spec does not validate it)", async ({ post }) => {
    const { message: _omit, ...noMessage } = valid;
    expect((await post(noMessage)).statusCode).toBe(201);
  });

  test.for([
    ["malformed JSON", '{"email": ', { "content-type": "application/json" }, 400],
    ["an unknown content type", "email=x", { "content-type": "text/plain" }, 415],
    ["an oversized body", JSON.stringify({ ...valid, message: "x".repeat(65 * 1024) }), {}, 413],
    ["an empty JSON body", "", { "content-type": "application/json" }, 400],
  ])(
    "answers %s with a clear 4xx, never 500",
    async ([_name, payload, headers, status], { post }) => {
      const res = await post(payload, headers as Record<string, string>);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.json().message.length).toBeGreaterThan(5);
    },
  );

  test("answers a filled honeypot like a success, and keeps it as spam, not as a lead", async ({
    database,
    post,
  }) => {
    const res = await post({ ...valid, [honeypotField]: "https://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: contactTexts.success });
    expect(await countLeads(database.db)).toBe(0);
    const spam = await database.db.selectFrom("spam_leads").selectAll().execute();
    expect(spam).toEqual([expect.objectContaining({ email: valid.email, reason: "honeypot" })]);
  });

  test("stores a repeated request once and still answers 201", async ({ database, post }) => {
    expect((await post(valid)).statusCode).toBe(201);
    expect((await post(valid)).statusCode).toBe(201);
    expect(await countLeads(database.db)).toBe(1);
  });

  test("rate-limits one address to 10 requests per 10 minutes, with Retry-After", async ({
    database,
    app,
    post,
  }) => {
    const from = (i: number) =>
      app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        remoteAddress: "203.0.113.9",
        payload: { ...valid, email: `visitor${i}@bakery.example` },
      });
    for (let i = 0; i < 10; i++) expect((await from(i)).statusCode).toBe(201);
    const limited = await from(10);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countLeads(database.db)).toBe(10);
    // Another address is unaffected.
    expect((await post({ ...valid, email: "other@bakery.example" })).statusCode).toBe(201);
  });

  describe("plain form posts (no JavaScript)", () => {
    test("stores the lead and redirects to the confirmation page", async ({ database, form }) => {
      const res = await form({ ...valid, sourcePage: "/home" });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("/contact/sent");
      expect(await countLeads(database.db)).toBe(1);
    });

    test("takes the longest valid message in any script, posted without JavaScript", async ({
      database,
      form,
    }) => {
      // 5,000 characters as the form counts them (UTF-16, as the browser's maxlength does):
      // three UTF-8 bytes each at most, 45,000 bytes once form-encoded.
      for (const [letter, email] of [
        ["Ж", "ivan@bakery.example"],
        ["字", "mei@teahouse.example"],
      ] as const) {
        const res = await form({ ...valid, email, message: letter.repeat(5000) });
        expect(res.statusCode, letter).toBe(303);
        expect(res.headers.location).toBe("/contact/sent");
      }
      expect(await countLeads(database.db)).toBe(2);
    });

    test.for<[Record<string, string>, string]>([
      [{ ...valid, email: "nope" }, "/contact/invalid-email"],
      [{ ...valid, firstName: "" }, "/contact/invalid-first-name"],
      [{ ...valid, lastName: "" }, "/contact/invalid-last-name"],
    ])("redirects invalid input %j to %s", async ([fields, location], { database, form }) => {
      const res = await form(fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(location);
      expect(await countLeads(database.db)).toBe(0);
    });

    test("answers an invalid post from a page with that page, the form filled in again", async ({
      database,
      form,
    }) => {
      const typed = {
        email: "rosa@bakery.example",
        firstName: "",
        lastName: `O'Neil "<script>alert(1)</script>"`,
        message: "Line one\n</textarea><img src=x onerror=alert(1)>\u0000 & more",
        sourcePage: "/home",
      };
      const res = await form(typed);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      // The page's own CSP (its inline script allowed by hash), not the API's.
      expect(res.headers["content-security-policy"]).toContain("'sha256-");
      const html = res.body;
      expect(html).toContain("<h1>Home alias</h1>");
      expect(html).toContain('<input value="rosa@bakery.example" type="email"');
      expect(html).toContain('<input value="" autofocus type="text" id="contact-first"');
      expect(html).toContain(
        '<input value="O&#39;Neil &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;" type="text" id="contact-last"',
      );
      expect(html).toContain(
        ">Line one\n&lt;/textarea&gt;&lt;img src=x onerror=alert(1)&gt; &amp; more</textarea>",
      );
      expect(html).toContain(`>${contactTexts.invalidFirstName}</p></div>`);
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("\u0000");
      expect(await countLeads(database.db)).toBe(0);
    });

    test("falls back to the outcome page for a source page without the form, or a hostile one", async ({
      form,
    }) => {
      for (const sourcePage of ["/about", "/../../etc/passwd", "https://evil.example/home", ""]) {
        const res = await form({ ...valid, email: "nope", sourcePage });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe("/contact/invalid-email");
      }
    });

    test("shows a rate-limited post on its outcome page, message first, with what was typed", async ({
      form,
    }) => {
      for (let i = 0; i < 10; i++)
        await form({ ...valid, email: `w${i}@bakery.example` }, "192.0.2.9");
      const res = await form({ ...valid, sourcePage: "/home" }, "192.0.2.9");
      expect(res.statusCode).toBe(429);
      expect(res.body).toContain("<h1>Almost there.</h1>");
      expect(res.body).toContain('<input value="rosa@bakery.example"');
      // The page's own message, once: nothing added to the form's live region, nothing focused.
      expect(res.body).toContain(
        '<div id="contact-status" aria-live="polite" aria-atomic="true" class="sm:col-span-2"></div>',
      );
      expect(res.body).not.toContain("autofocus");
    });

    test("keeps a message's leading newline and focuses the name that is too long", async ({
      form,
    }) => {
      const res = await form({
        ...valid,
        lastName: "L".repeat(101),
        message: "\nStarts on line two",
        sourcePage: "/home",
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('autofocus type="text" id="contact-last"');
      expect(res.body).toContain('class="x">\n\nStarts on line two</textarea>');
    });
  });
});

describe("RATE_LIMIT=off (benchmarks only)", () => {
  it("lets one address past the limit", async () => {
    const database = await testEngines[0]?.open();
    const app = await buildTestApp(database, { RATE_LIMIT: "off" });
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        remoteAddress: "203.0.113.50",
        payload: { ...valid, email: `fast${i}@bakery.example` },
      });
      expect(res.statusCode).toBe(201);
    }
    await app.close();
    await database?.close();
  });
});
