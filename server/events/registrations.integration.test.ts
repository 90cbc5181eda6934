import { type ParsedMail, simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import { eventTexts, seatsLeftText } from "../../domain/event-texts.ts";
import { manageKey } from "../booking/manage-token.ts";
import { replyTokenFor, replyTokenKey } from "../mail/reply-token.ts";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret, testTokens } from "../test-support/tokens.ts";
import { eraseLead } from "../triage/lead-erasure.repository.ts";
import { markAsSpam } from "../triage/spam.repository.ts";
import { registrationLinkToken } from "./registration-link.ts";

const now = new Date("2026-11-26T13:00:00.000Z");
const admin = { id: null, email: "owner@fineline.studio" };

const person = (n: number | string, seats: number | string = 1) => ({
  email: `guest${n}@example.com`,
  firstName: "Ada",
  lastName: `Guest ${n}`,
  seats,
});

describe.each(testEngines)("event registration on $name", (engine) => {
  let ip = 0;
  const test = engineTest(engine, { deps: { now: () => now } })
    .extend(
      "register",
      ({ app }) =>
        (slug: string, payload: object) =>
          app.inject({
            method: "POST",
            url: `/api/events/${slug}/registrations`,
            remoteAddress: remoteAddress(),
            payload,
          }),
    )
    .extend(
      "formPost",
      ({ app }) =>
        (slug: string, fields: Record<string, string>) =>
          app.inject({
            method: "POST",
            url: `/api/events/${slug}/registrations`,
            remoteAddress: remoteAddress(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: new URLSearchParams(fields).toString(),
          }),
    )
    .extend(
      "taken",
      ({ database }) =>
        async (slug: string) =>
          Number(
            (
              await database.db
                .selectFrom("event_seats")
                .select("taken")
                .where("event_slug", "=", slug)
                .executeTakeFirst()
            )?.taken ?? 0,
          ),
    )
    .extend(
      "registrations",
      ({ database }) =>
        (slug: string) =>
          database.db
            .selectFrom("event_registrations")
            .selectAll()
            .where("event_slug", "=", slug)
            // In the order they were made (IDs are time-ordered), whatever index the engine picks.
            .orderBy("id")
            .execute(),
    );

  // Each from an address of its own: the per-address allowance is not what is tested here.
  const remoteAddress = () => `10.3.${Math.floor(++ip / 250)}.${ip % 250}`;

  test("registers a visitor: 201, their seats taken, a lead of their own with the page it came from", async ({
    database,
    app,
    register,
    taken,
    registrations,
  }) => {
    const res = await register("open-evening", {
      ...person(1, 3),
      sourcePage: "/events/open-evening",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: eventTexts.registered });
    expect(await taken("open-evening")).toBe(3);
    const [row] = await registrations("open-evening");
    expect(row).toMatchObject({ email: "guest1@example.com", seats: 3, first_name: "Ada" });
    const lead = await database.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", row?.lead_id ?? "")
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      email: "guest1@example.com",
      message: "",
      source_page: "/events/open-evening",
      comm_status: "UNREAD",
    });
    const seats = await app.inject({ method: "GET", url: "/api/events/open-evening/seats" });
    expect(seats.json()).toEqual({ capacity: 200, seatsLeft: 197 });
  });

  test("checks the fields in the contact form's order with its texts, then the seats", async ({
    register,
    taken,
    registrations,
  }) => {
    const cases: [object, string][] = [
      [{ ...person(1), email: "not-an-address" }, contactTexts.invalidEmail],
      [{ ...person(1), email: "not-an-address", firstName: "" }, contactTexts.invalidEmail],
      [{ ...person(1), firstName: "  " }, contactTexts.invalidFirstName],
      [{ ...person(1), lastName: "" }, contactTexts.invalidLastName],
      [{ ...person(1), firstName: "A".repeat(101) }, contactTexts.nameTooLong],
      [{ ...person(1), firstName: "Ada\u0000" }, contactTexts.invalidFirstName],
      [person(1, 0), eventTexts.invalidSeats],
      [person(1, 11), eventTexts.invalidSeats],
      [person(1, 1.5), eventTexts.invalidSeats],
      [person(1, "two"), eventTexts.invalidSeats],
      [person(1, "1e1000"), eventTexts.invalidSeats],
      [{ ...person(1), seats: [2] }, eventTexts.invalidSeats],
    ];
    for (const [payload, message] of cases) {
      const res = await register("open-evening", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await registrations("open-evening")).toHaveLength(0);
    // Seats left out: one.
    const res = await register("open-evening", { ...person(2), seats: undefined });
    expect(res.statusCode).toBe(201);
    expect(await taken("open-evening")).toBe(1);
  });

  test("a past or unknown event is 404, and takes nothing", async ({ database, app, register }) => {
    for (const [slug, message] of [
      ["long-ago", eventTexts.closed],
      ["no-such-event", eventTexts.unknown],
      ["..%2F..%2Fetc", eventTexts.unknown],
    ] as const) {
      const res = await register(slug, person(1));
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ message });
      const seats = await app.inject({ method: "GET", url: `/api/events/${slug}/seats` });
      expect(seats.statusCode).toBe(404);
    }
    expect(await database.db.selectFrom("leads").select("id").execute()).toHaveLength(0);
  });

  test("fills up: fewer seats than asked says how many are left, none says the event is full", async ({
    database,
    register,
    taken,
  }) => {
    expect((await register("small-workshop", person(1, 3))).statusCode).toBe(201);
    const tooMany = await register("small-workshop", person(2, 3));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: seatsLeftText(2) });
    expect((await register("small-workshop", person(3, 2))).statusCode).toBe(201);
    const full = await register("small-workshop", person(4, 1));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: "This event is full." });
    expect(await taken("small-workshop")).toBe(5);
    // A refusal keeps nothing: no lead for the two turned away.
    const emails = (await database.db.selectFrom("leads").select("email").execute()).map(
      (l) => l.email,
    );
    expect(emails.sort()).toEqual(["guest1@example.com", "guest3@example.com"]);
  });

  test("holds the capacity under 20 registrations at the same moment", async ({
    register,
    taken,
    registrations,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register("small-workshop", person(i, 1))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual({ message: eventTexts.full });
    expect(await taken("small-workshop")).toBe(5);
    expect(await registrations("small-workshop")).toHaveLength(5);
  });

  test("holds it too when each asks for a different number of seats", async ({
    register,
    taken,
    registrations,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register("small-workshop", person(i, (i % 3) + 1))),
    );
    const rows = await registrations("small-workshop");
    const seatsTaken = rows.reduce((sum, row) => sum + Number(row.seats), 0);
    expect(seatsTaken).toBeLessThanOrEqual(5);
    expect(await taken("small-workshop")).toBe(seatsTaken);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(rows.length);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
  });

  test("the same person twice, even at the same moment, is one registration: what stands is answered", async ({
    register,
    taken,
    registrations,
  }) => {
    const twice = await Promise.all([
      register("small-workshop", person(1, 2)),
      register("small-workshop", { ...person(1, 2), email: "GUEST1@example.com" }),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    // Asking again for another number changes nothing, and tells a stranger nothing.
    const again = await register("small-workshop", person(1, 3));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(twice[0]?.json());
    expect(await registrations("small-workshop")).toHaveLength(1);
    expect(await taken("small-workshop")).toBe(2);
  });

  test("makes a lead of its own, never attaching to an earlier lead found by the address", async ({
    database,
    app,
    register,
    registrations,
  }) => {
    const contact = await app.inject({
      method: "POST",
      url: "/api/leads/contact-us",
      remoteAddress: remoteAddress(),
      payload: { email: "Rosa@bakery.example", firstName: "Rosa", lastName: "D", message: "Hi" },
    });
    expect(contact.statusCode).toBe(201);
    // A stranger with Rosa's address: the registration is theirs, under their own name.
    await register("open-evening", { ...person(1), email: "rosa@bakery.example" });
    const leads = await database.db
      .selectFrom("leads")
      .select(["id", "message", "first_name"])
      .orderBy("created_at")
      .execute();
    expect(leads).toHaveLength(2);
    expect(leads[0]).toMatchObject({ message: "Hi", first_name: "Rosa" });
    expect(leads[1]?.message).toBe("");
    const [row] = await registrations("open-evening");
    expect(row?.lead_id).toBe(leads[1]?.id);
    expect(row?.lead_id).not.toBe(leads[0]?.id);
  });

  test("spam takes no seat and is answered like a registration", async ({
    database,
    register,
    taken,
    registrations,
  }) => {
    const res = await register("small-workshop", {
      ...person(1, 5),
      [honeypotField]: "https://spam.example",
    });
    expect(res.statusCode).toBe(201);
    expect(await taken("small-workshop")).toBe(0);
    expect(await registrations("small-workshop")).toHaveLength(0);
    const spam = await database.db.selectFrom("spam_leads").selectAll().execute();
    expect(spam).toMatchObject([{ email: "guest1@example.com", reason: "honeypot" }]);
  });

  test("erasing a person's lead erases their registrations and gives the seats back", async ({
    database,
    register,
    taken,
    registrations,
  }) => {
    await register("small-workshop", person(1, 4));
    const [row] = await registrations("small-workshop");
    expect(await eraseLead(database.db, row?.lead_id ?? "", admin, now)).toBe(true);
    expect(await registrations("small-workshop")).toHaveLength(0);
    expect(await taken("small-workshop")).toBe(0);
    expect((await register("small-workshop", person(2, 5))).statusCode).toBe(201);
  });

  test("moving a lead to Spam drops its registrations and gives the seats back", async ({
    database,
    register,
    taken,
    registrations,
  }) => {
    await register("small-workshop", person(1, 4));
    const [row] = await registrations("small-workshop");
    await markAsSpam(database.db, row?.lead_id ?? "", now, admin);
    expect(await registrations("small-workshop")).toHaveLength(0);
    expect(await taken("small-workshop")).toBe(0);
  });

  describe("without JavaScript", () => {
    test("a registration is redirected to the event's confirmation page", async ({
      formPost,
      taken,
    }) => {
      const res = await formPost("small-workshop", {
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        seats: "2",
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("/events/small-workshop/registered");
      expect(await taken("small-workshop")).toBe(2);
    });

    test("a refusal is the event's page again: the message, what was typed, the field focused", async ({
      formPost,
    }) => {
      const res = await formPost("small-workshop", {
        email: "ada@example.com",
        firstName: "Ada <b>",
        lastName: "Lovelace",
        seats: "12",
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["content-security-policy"]).toBeTruthy();
      expect(res.body).toContain(`role="alert"`);
      expect(res.body).toContain(eventTexts.invalidSeats);
      expect(res.body).toContain('value="Ada &lt;b&gt;"');
      expect(res.body).toMatch(/<input value="12" autofocus[^>]*name="seats"/);
      // The default of 1 gave way to what was typed: one value attribute only.
      expect(res.body.match(/name="seats"[^>]*/)?.[0]).not.toContain('value="1"');
    });

    test("a full event says so on its page, keeping what was typed", async ({
      register,
      formPost,
    }) => {
      await register("small-workshop", person(1, 5));
      const res = await formPost("small-workshop", {
        email: "late@example.com",
        firstName: "Late",
        lastName: "Comer",
        seats: "1",
      });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain(eventTexts.full);
      expect(res.body).toContain('value="late@example.com"');
    });

    test("an unknown event goes back to the events", async ({ formPost }) => {
      const res = await formPost("no-such-event", {
        email: "a@example.com",
        firstName: "A",
        lastName: "B",
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("/events");
    });
  });

  describe("the admin's view", () => {
    test("lists every event with its seats, who registered, and the export", async ({
      database,
      app,
      register,
    }) => {
      await register("small-workshop", person(1, 2));
      await register("small-workshop", { ...person(2, 1), firstName: "=HYPERLINK(1)" });
      const { accessToken } = await signedInUser(database.db, "admin");
      const headers = { "x-access-token": accessToken };
      const list = await app.inject({ method: "GET", url: "/api/events", headers });
      expect(list.statusCode).toBe(200);
      expect(list.json().events.map((e: { slug: string }) => e.slug)).toEqual([
        "open-evening",
        "small-workshop",
        "long-ago",
      ]);
      expect(list.json().events[1]).toMatchObject({
        capacity: 5,
        seatsTaken: 3,
        seatsLeft: 2,
        registrations: 2,
        upcoming: true,
      });
      const one = await app.inject({
        method: "GET",
        url: "/api/events/small-workshop/registrations",
        headers,
      });
      expect(one.json().registrations.map((r: { lastName: string }) => r.lastName)).toEqual([
        "Guest 1",
        "Guest 2",
      ]);
      const csv = await app.inject({
        method: "GET",
        url: "/api/events/small-workshop/registrations.csv",
        headers,
      });
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["cache-control"]).toBe("no-store");
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toBe("FirstName,LastName,Email,Seats,RegisteredAt,LeadID");
      expect(lines[2]).toMatch(/^'=HYPERLINK\(1\),Guest 2,guest2@example.com,1,/);
      const missing = await app.inject({
        method: "GET",
        url: "/api/events/nope/registrations",
        headers,
      });
      expect(missing.statusCode).toBe(404);
    });

    test("cancels a registration: its seats are free at once, once, and the lead stays", async ({
      database,
      app,
      register,
      taken,
      registrations,
    }) => {
      await register("small-workshop", person(1, 3));
      await register("small-workshop", person(2, 2));
      expect((await register("small-workshop", person(3, 1))).statusCode).toBe(409);
      const [first] = await registrations("small-workshop");
      const { accessToken } = await signedInUser(database.db, "admin");
      const cancel = (slug = "small-workshop", id = first?.id ?? "") =>
        app.inject({
          method: "POST",
          url: `/api/events/${slug}/registrations/${id}/cancel`,
          headers: { "x-access-token": accessToken },
          payload: {},
        });
      // Two cancels at the same moment (two tabs, two instances) give the seats back once.
      const both = await Promise.all([cancel(), cancel()]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      const done = both.find((r) => r.statusCode === 200);
      expect(done?.json()).toMatchObject({
        message: eventTexts.canceled,
        event: { slug: "small-workshop", seatsTaken: 2, seatsLeft: 3, registrations: 1 },
      });
      expect(both.find((r) => r.statusCode === 404)?.json()).toEqual({
        message: eventTexts.noSuchRegistration,
      });
      expect(await taken("small-workshop")).toBe(2);
      expect(await registrations("small-workshop")).toHaveLength(1);
      // The person is still a lead; the seats are someone else's to take.
      const lead = await database.db
        .selectFrom("leads")
        .select("email")
        .where("id", "=", first?.lead_id ?? "")
        .executeTakeFirst();
      expect(lead?.email).toBe("guest1@example.com");
      expect((await register("small-workshop", person(3, 3))).statusCode).toBe(201);
      // Another event's registration, or an unknown one, is not this event's to cancel.
      const [other] = await registrations("small-workshop");
      expect((await cancel("open-evening", other?.id)).statusCode).toBe(404);
      expect((await cancel("no-such-event", other?.id)).statusCode).toBe(404);
      const malformed = await cancel("small-workshop", "not-a-registration");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: eventTexts.badRegistrationId });
      const unknown = await cancel("small-workshop", "0190f1a2-7b3c-7d4e-8f50-617283940a1b");
      expect(unknown.statusCode).toBe(404);
      expect(await taken("small-workshop")).toBe(5);
    });
  });
});

/** An app that e-mails through `smtp`, its outbox sending only when poked. */
const mailingApp = (
  database: TestDatabase,
  smtp: Awaited<ReturnType<typeof startSmtp>>,
  env: Record<string, string> = {},
) =>
  buildTestApp(
    database,
    {
      JWT_SECRET: testSecret,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@fineline.studio",
      SITE_URL: "https://fineline.studio",
      DIGEST_HOUR: "off",
      ...env,
    },
    { now: () => now, outboxIntervalMs: 3_600_000 },
  );

/** A message's iCalendar part, unfolded. */
const calendarOf = (mail: ParsedMail) =>
  mail.attachments
    .find((part) => part.contentType.startsWith("text/calendar"))
    ?.content.toString("utf8")
    .replace(/\r\n[ \t]/g, "");
const uidOf = (ics?: string) => ics?.match(/^UID:(.+)$/m)?.[1]?.trim();

describe.each(testEngines)("registration e-mails on $name", (engine) => {
  it("sends the guest's e-mails from MAIL_FROM, their answers to REPLY_TO for the lead", async () => {
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await mailingApp(database, smtp, {
      MAIL_FROM: "hello@fineline.studio",
      REPLY_TO: "hello+{token}@fineline.studio",
    });
    try {
      await app.inject({
        method: "POST",
        url: "/api/events/small-workshop/registrations",
        payload: person(1, 2),
      });
      app.outbox?.poke();
      await app.outbox?.idle();
      const { lead_id } = await database.db
        .selectFrom("event_registrations")
        .select("lead_id")
        .executeTakeFirstOrThrow();
      const mail = await simpleParser(
        smtp.received.find((m) => m.to.includes("guest1@example.com"))?.raw ?? "",
      );
      expect(mail.from?.value[0]).toMatchObject({ address: "hello@fineline.studio" });
      expect(mail.replyTo?.value[0]?.address).toBe(
        `hello+${replyTokenFor(replyTokenKey(testTokens.key), lead_id)}@fineline.studio`,
      );
      expect(calendarOf(mail)).toMatch(
        /^ORGANIZER;CN="?Fineline Studio"?:mailto:hello@fineline\.studio$/m,
      );
    } finally {
      await app.close();
      await smtp.close();
      await database.close();
    }
  });

  it("sends the confirmation with an invite once, and what stands again to a repeat", async () => {
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await mailingApp(database, smtp);
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/events/small-workshop/registrations",
        payload: person(1, 2),
      });
      expect(res.json()).toEqual({ message: eventTexts.registered });
      app.outbox?.poke();
      await app.outbox?.idle();
      const toGuest = smtp.received.filter((m) => m.to.includes("guest1@example.com"));
      expect(toGuest).toHaveLength(1);
      const mail = await simpleParser(toGuest[0]?.raw ?? "");
      expect(mail.subject).toBe("You're registered: Small workshop");
      expect(mail.text).toContain("2 seats saved for you");
      expect(mail.text).toContain("Telfair Street Workshop Hall");
      expect(mail.text).toContain("6:00 PM – 8:30 PM Eastern");
      // A paid event says how it is paid for.
      expect(mail.text).toContain("Price: $25 a seat. Pay at the door");
      const invite = calendarOf(mail);
      // Nothing typed into the form goes to the address: not the names (anyone's words).
      const { firstName, lastName } = person(1, 2);
      for (const typed of [firstName, lastName])
        expect(`${mail.text}\n${mail.html}\n${invite}`).not.toContain(typed);
      expect(mail.text?.startsWith("Hello,")).toBe(true);
      expect(invite).toContain("METHOD:REQUEST");
      expect(invite).toContain("DTSTART:20990318T220000Z");
      expect(invite).toContain("SUMMARY:Small workshop");

      // A repeat is told what stands; the same day's second repeat is not mailed again.
      for (const seats of [3, 4])
        await app.inject({
          method: "POST",
          url: "/api/events/small-workshop/registrations",
          payload: person(1, seats),
        });
      app.outbox?.poke();
      await app.outbox?.idle();
      const all = smtp.received.filter((m) => m.to.includes("guest1@example.com"));
      expect(all).toHaveLength(2);
      const again = await simpleParser(all[1]?.raw ?? "");
      expect(again.text).toContain("already registered for Small workshop, with 2 seats");

      // The owner cancels it (the guest wrote that they can't come): the invite is withdrawn.
      const [row] = await database.db.selectFrom("event_registrations").select("id").execute();
      const { accessToken } = await signedInUser(database.db, "admin", undefined, {
        ...testTokens,
        issuer: "https://fineline.studio",
      });
      const cancel = await app.inject({
        method: "POST",
        url: `/api/events/small-workshop/registrations/${row?.id}/cancel`,
        headers: { "x-access-token": accessToken },
        payload: {},
      });
      expect(cancel.json().message).toBe(eventTexts.canceledWithEmail);
      await app.outbox?.idle();
      const after = smtp.received.filter((m) => m.to.includes("guest1@example.com"));
      expect(after).toHaveLength(3);
      const canceled = await simpleParser(after[2]?.raw ?? "");
      expect(canceled.subject).toBe("Registration canceled: Small workshop");
      expect(canceled.text).toContain("your 2 seats given to others");
      const withdrawal = calendarOf(canceled);
      expect(withdrawal).toContain("METHOD:CANCEL");
      expect(withdrawal).toContain("STATUS:CANCELLED");
      expect(withdrawal).toContain("SEQUENCE:1");
      expect(uidOf(withdrawal)).toBeTruthy();
      expect(uidOf(withdrawal)).toBe(uidOf(invite));
    } finally {
      await app.close();
      await database.close();
      await smtp.close();
    }
  });
});

describe.each(testEngines)("a guest's own registration link on $name", (engine) => {
  it("shows the registration and cancels it once, mailing the withdrawal; nothing else opens it", async () => {
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await mailingApp(database, smtp);
    const registerAs = (n: number, seats: number) =>
      app.inject({
        method: "POST",
        url: "/api/events/small-workshop/registrations",
        remoteAddress: `10.4.0.${n}`,
        payload: person(n, seats),
      });
    const guestApi = (token: string, cancel = false) =>
      app.inject({
        method: cancel ? "POST" : "GET",
        url: `/api/registrations/${token}${cancel ? "/cancel" : ""}`,
        ...(cancel ? { payload: {} } : {}),
      });
    const taken = async () =>
      Number(
        (await database.db.selectFrom("event_seats").select("taken").executeTakeFirst())?.taken ??
          0,
      );
    try {
      expect((await registerAs(1, 2)).statusCode).toBe(201);
      expect((await registerAs(2, 3)).statusCode).toBe(201);
      await app.outbox?.idle();
      const confirmation = await simpleParser(
        smtp.received.find((m) => m.to.includes("guest1@example.com"))?.raw ?? "",
      );
      // The link is in the confirmation, to this registration, and in no one else's e-mail.
      const link = confirmation.text?.match(
        /cancel here and we'll give your seats to someone else: (https:\/\/fineline\.studio\/registration\/(\S+))/,
      );
      expect(link, confirmation.text).toBeTruthy();
      const token = link?.[2] ?? "";
      expect(String(confirmation.html)).toContain(`href="${link?.[1]}"`);
      const other = await simpleParser(
        smtp.received.find((m) => m.to.includes("guest2@example.com"))?.raw ?? "",
      );
      expect(other.text).not.toContain(token);

      const shown = await guestApi(token);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers["cache-control"]).toBe("no-store");
      expect(shown.json()).toEqual({
        firstName: "Ada",
        seats: 2,
        event: {
          slug: "small-workshop",
          title: "Small workshop",
          start: "2099-03-18T18:00:00-04:00",
          end: expect.any(String),
          place: expect.stringContaining("Telfair Street Workshop Hall"),
          url: "https://fineline.studio/events/small-workshop",
        },
        cancelable: true,
      });

      // Only the exact token opens it: a changed letter, another registration's ID under this
      // signature, the ID in capitals, the ID alone, padding, a NUL: all 404, with one text.
      const [id, mac = ""] = token.split(".");
      const [second] = await database.db
        .selectFrom("event_registrations")
        .select("id")
        .where("email", "=", "guest2@example.com")
        .execute();
      const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
      for (const forged of [
        `${id}.${flipped}`,
        `${second?.id}.${mac}`,
        `${id?.toUpperCase()}.${mac}`,
        `${id}`,
        `${id}.`,
        `${id}.${mac}=`,
        `${id}.${mac}%00`,
        "manage",
      ]) {
        for (const cancel of [false, true]) {
          const res = await guestApi(forged, cancel);
          expect(res.statusCode, forged).toBe(404);
          expect(res.json()).toEqual({ message: eventTexts.linkNotFound });
        }
      }
      // Longer than any route parameter Fastify matches: no route, the plain 404.
      expect((await guestApi("x".repeat(101))).statusCode).toBe(404);
      expect(await taken()).toBe(5);

      // Two cancels at the same moment free the seats once.
      const both = await Promise.all([guestApi(token, true), guestApi(token, true)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect(both.find((r) => r.statusCode === 200)?.json()).toEqual({
        message: eventTexts.guestCanceledWithEmail,
      });
      expect(await taken()).toBe(3);
      expect((await guestApi(token)).statusCode).toBe(404);
      await app.outbox?.idle();
      const toGuest = smtp.received.filter((m) => m.to.includes("guest1@example.com"));
      expect(toGuest).toHaveLength(2);
      const withdrawal = await simpleParser(toGuest[1]?.raw ?? "");
      expect(withdrawal.subject).toBe("Registration canceled: Small workshop");
      expect(calendarOf(withdrawal)).toContain("METHOD:CANCEL");
      expect(uidOf(calendarOf(withdrawal))).toBe(uidOf(calendarOf(confirmation)));
      // The person is still a lead.
      expect(
        await database.db
          .selectFrom("leads")
          .select("id")
          .where("email", "=", "guest1@example.com")
          .execute(),
      ).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
      await smtp.close();
    }
  });

  it("once the event has started the link still shows it, and canceling is refused", async () => {
    const database = await engine.open();
    const app = await buildTestApp(database, { JWT_SECRET: testSecret }, { now: () => now });
    try {
      // Registered while it was open; the event is past now.
      const lead = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: { email: "old@example.com", firstName: "Old", lastName: "Timer", message: "Hi" },
      });
      expect(lead.statusCode).toBe(201);
      const { id: leadId } = await database.db
        .selectFrom("leads")
        .select("id")
        .executeTakeFirstOrThrow();
      const id = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
      await database.db
        .insertInto("event_registrations")
        .values({
          id,
          event_slug: "long-ago",
          lead_id: leadId,
          email: "old@example.com",
          email_key: "old@example.com",
          first_name: "Old",
          last_name: "Timer",
          seats: 1,
          created_at: "2020-01-01T00:00:00.000Z",
        })
        .execute();
      const token = registrationLinkToken(manageKey(app.tokens.key), id);
      const shown = await app.inject({ method: "GET", url: `/api/registrations/${token}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ seats: 1, cancelable: false });
      const refused = await app.inject({
        method: "POST",
        url: `/api/registrations/${token}/cancel`,
        payload: {},
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: eventTexts.started });
      expect(
        await database.db.selectFrom("event_registrations").select("id").execute(),
      ).toHaveLength(1);
      // A link made under another server's key opens nothing.
      const foreign = registrationLinkToken(new Uint8Array(32).fill(7), id);
      expect(
        (await app.inject({ method: "GET", url: `/api/registrations/${foreign}` })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
