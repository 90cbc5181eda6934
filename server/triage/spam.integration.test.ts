import { beforeEach, describe, expect } from "vitest";
import { contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import { moveTexts } from "../../domain/lead-moves.ts";
import { type LeadRecord, leadTexts } from "../../domain/lead-record.ts";
import { type SpamLead, spamReasons, spamReasonTexts, spamTexts } from "../../domain/spam.ts";
import { formTokenKey, issueFormToken } from "../contact/form-token.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, signedInUser, testTokens } from "../test-support/tokens.ts";

const start = new Date("2026-11-23T15:00:00.000Z");
const later = (ms: number) => new Date(start.getTime() + ms);

const person = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "We need a new site for the bakery, with online orders.",
};
const botMessage = "Cheap backlinks! Guaranteed first page on Google, order today.";

describe.each(testEngines)("spam kept for review on $name", (engine) => {
  let clock = start;
  let ip = 0;
  beforeEach(() => {
    clock = start;
  });
  const test = engineTest(engine, {
    env: {
      SMTP_URL: "smtp://127.0.0.1:9",
      NOTIFY_EMAIL: "owner@fineline.studio",
      DIGEST_HOUR: "off",
    },
    deps: { now: () => clock, outboxIntervalMs: 3_600_000 },
  })
    .extend(
      "contact",
      ({ app }) =>
        (payload: object) =>
          app.inject({
            method: "POST",
            url: "/api/leads/contact-us",
            remoteAddress: `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
            payload,
          }),
    )
    .extend("token", ({ app }) => async () => {
      const res = await app.inject({ method: "GET", url: "/api/leads/contact-token" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      return res.json().token as string;
    })
    .extend(
      "admin$",
      ({ app, admin }) =>
        (method: "GET" | "POST", url: string) =>
          app.inject({ method, url, headers: { "x-access-token": admin.accessToken } }),
    )
    .extend(
      "newLeads",
      ({ admin$ }) =>
        async () =>
          (await admin$("GET", "/api/leads/new")).json() as LeadRecord[],
    )
    .extend(
      "spam",
      ({ admin$ }) =>
        async () =>
          (await admin$("GET", "/api/leads/spam")).json() as SpamLead[],
    )
    /** The owner's notifications (the instant replies to visitors are tested on their own). */
    .extend(
      "outboxRows",
      ({ database }) =>
        () =>
          database.db
            .selectFrom("outbox")
            .selectAll()
            .where("kind", "=", "lead-notification")
            .execute(),
    );

  test("answers every verdict like a lead, and keeps it out of New Leads and the e-mails", async ({
    contact,
    token,
    admin$,
    newLeads,
    spam,
    outboxRows,
  }) => {
    const filled = await contact({ ...person, [honeypotField]: "https://seo.example" });
    expect(filled.statusCode).toBe(201);
    expect(filled.json()).toEqual({ message: contactTexts.success });
    const quick = await token();
    clock = later(1200);
    const fast = await contact({ ...person, email: "quick@bakery.example", formToken: quick });
    expect(fast.json()).toEqual({ message: contactTexts.success });

    expect(await newLeads()).toEqual([]);
    expect(await outboxRows()).toEqual([]);
    const listed = await spam();
    expect(listed.map((lead) => [lead.Email, lead.SpamReason])).toEqual([
      ["quick@bakery.example", "too-fast"],
      ["rosa@bakery.example", "honeypot"],
    ]);
    expect(listed[0]).toMatchObject({ FirstName: "Rosa", Message: person.message });
    // Nor is spam counted or found by the tracker's search.
    const stats = (await admin$("GET", "/api/leads/stats")).json();
    expect(stats.newLeads).toBe(0);
    expect((await admin$("GET", "/api/leads/old?q=bakery")).json()).toEqual([]);
  });

  test("takes a form filled in at a person's pace, or sent without a token, as a lead", async ({
    contact,
    token,
    newLeads,
    spam,
    outboxRows,
  }) => {
    const tokenValue = await token();
    clock = later(3500);
    await contact({ ...person, formToken: tokenValue });
    await contact({ ...person, email: "nojs@bakery.example" });
    // A token from yesterday's tab still counts: a person's pace.
    const old = issueFormToken(formTokenKey(testTokens.key), later(-25 * 60 * 60 * 1000));
    await contact({ ...person, email: "tab@bakery.example", formToken: old });
    expect((await newLeads()).map((lead) => lead.Email).sort()).toEqual([
      "nojs@bakery.example",
      "rosa@bakery.example",
      "tab@bakery.example",
    ]);
    expect(await spam()).toEqual([]);
    expect(await outboxRows()).toHaveLength(3);
  });

  test("keeps a forged or altered timing token as spam", async ({
    contact,
    token,
    newLeads,
    spam,
  }) => {
    const genuine = await token();
    const [v, issued, nonce, mac] = genuine.split(".");
    const forgeries = [
      // An earlier time, to look patient: the signature no longer matches.
      `${v}.${Number(issued) - 60_000}.${nonce}.${mac}`,
      `${v}.${issued}.${nonce}.${(mac ?? "").replace(/^./, (c) => (c === "A" ? "B" : "A"))}`,
      // Signed with another key.
      issueFormToken(
        formTokenKey(new TextEncoder().encode("another-secret-of-enough-length!!")),
        later(-60_000),
      ),
      "f1.0.x.y",
      "not a token at all",
    ];
    clock = later(10_000);
    for (const [i, forged] of forgeries.entries())
      expect(
        (await contact({ ...person, email: `f${i}@bot.example`, formToken: forged })).statusCode,
      ).toBe(201);
    const listed = await spam();
    expect(listed).toHaveLength(forgeries.length);
    expect(new Set(listed.map((lead) => lead.SpamReason))).toEqual(new Set(["bad-token"]));
    expect(await newLeads()).toEqual([]);
  });

  test("keeps a repeat of spam from two addresses or marked by the owner, but not of one seed, nor a short everyday one", async ({
    contact,
    newLeads,
    spam,
  }) => {
    // One message seeded through the honeypot holds nothing against the next person.
    await contact({
      ...person,
      email: "bot1@seo.example",
      message: botMessage,
      [honeypotField]: "x",
    });
    clock = later(1000);
    await contact({ ...person, email: "someone@bakery.example", message: botMessage });
    expect((await newLeads()).map((lead) => lead.Email)).toEqual(["someone@bakery.example"]);
    // A second address sending it as spam makes it a campaign: the same words, other case
    // and spacing, without the honeypot, are kept as spam from then on.
    clock = later(2000);
    await contact({
      ...person,
      email: "bot2@seo.example",
      message: botMessage,
      [honeypotField]: "x",
    });
    clock = later(3000);
    await contact({
      ...person,
      email: "bot3@seo.example",
      message: `  cheap BACKLINKS!   guaranteed first page on google, order today.`,
    });
    clock = later(4000);
    await contact({ ...person, email: "hi1@seo.example", message: "Hi", [honeypotField]: "x" });
    clock = later(4500);
    await contact({ ...person, email: "hi3@seo.example", message: "Hi", [honeypotField]: "x" });
    clock = later(5000);
    await contact({ ...person, email: "hi2@bakery.example", message: "Hi" });
    expect((await spam()).map((lead) => [lead.Email, lead.SpamReason])).toEqual([
      ["hi3@seo.example", "honeypot"],
      ["hi1@seo.example", "honeypot"],
      ["bot3@seo.example", "repeat"],
      ["bot2@seo.example", "honeypot"],
      ["bot1@seo.example", "honeypot"],
    ]);
    expect((await newLeads()).map((lead) => lead.Email)).toEqual([
      "hi2@bakery.example",
      "someone@bakery.example",
    ]);
  });

  test("keeps a repeat of a message the owner marked as spam once", async ({
    contact,
    admin$,
    newLeads,
    spam,
  }) => {
    await contact({ ...person, email: "pitch@agency.example", message: botMessage });
    const [pitch] = await newLeads();
    expect((await admin$("POST", `/api/leads/${pitch?.ID}/spam`)).statusCode).toBe(200);
    clock = later(60_000);
    await contact({ ...person, email: "pitch2@agency.example", message: botMessage });
    expect(await newLeads()).toEqual([]);
    expect((await spam()).map((lead) => lead.SpamReason)).toEqual(["repeat", "marked"]);
  });

  test("takes one message per timing token: another message with it is spam, the same one again is a retry", async ({
    database,
    app,
    contact,
    token,
    newLeads,
    spam,
  }) => {
    const used = await token();
    clock = later(4000);
    expect((await contact({ ...person, formToken: used })).statusCode).toBe(201);
    // The visitor's retry of the same message: stored once, as the lead it is.
    expect((await contact({ ...person, formToken: used })).statusCode).toBe(201);
    // A bot sending many messages with one patient token.
    for (const n of [1, 2]) {
      clock = later(4000 + n * 1000);
      await contact({
        ...person,
        email: `bulk${n}@seo.example`,
        message: `${botMessage} ${n}`,
        formToken: used,
      });
    }
    expect((await newLeads()).map((lead) => lead.Email)).toEqual(["rosa@bakery.example"]);
    expect((await spam()).map((lead) => [lead.Email, lead.SpamReason])).toEqual([
      ["bulk2@seo.example", "reused-token"],
      ["bulk1@seo.example", "reused-token"],
    ]);
    // Used tokens are forgotten once they expire: judged by their age from then on.
    expect(await database.db.selectFrom("form_token_uses").selectAll().execute()).toHaveLength(1);
    clock = later(31 * 24 * 60 * 60 * 1000);
    await app.spamPurge.run();
    expect(await database.db.selectFrom("form_token_uses").selectAll().execute()).toEqual([]);
  });

  test("keeps a post from this site's own page without a token as spam, unless it looks sent without a script", async ({
    app,
    newLeads,
    spam,
  }) => {
    const ours = { origin: "http://localhost:3000" };
    const post = (email: string, headers: Record<string, string>, body?: string | object) =>
      app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        remoteAddress: `10.1.9.${++ip % 250}`,
        headers,
        payload: body ?? { ...person, email, message: `A new site for ${email}, please.` },
      });
    // The form's script always asks for a token first: leaving it out skips the clock.
    expect((await post("skipped@bot.example", ours)).statusCode).toBe(201);
    // So is a token too old to check (its one use can no longer be told).
    const stale = issueFormToken(formTokenKey(testTokens.key), later(-31 * 24 * 60 * 60 * 1000));
    await post("stale@bot.example", ours, {
      ...person,
      email: "stale@bot.example",
      formToken: stale,
    });
    // Like a browser without JavaScript: a form post (whatever its Origin), an API client (no
    // Origin), another site's page.
    await post(
      "nojs@bakery.example",
      {
        ...ours,
        "content-type": "application/x-www-form-urlencoded",
      },
      new URLSearchParams({
        ...person,
        email: "nojs@bakery.example",
        message: "No script here.",
      }).toString(),
    );
    await post("api@bakery.example", {});
    await post("elsewhere@bakery.example", { origin: "https://partner.example" });
    // Same clock, so sorted by address: the order of equal times is the IDs' random tail.
    expect((await spam()).map((lead) => [lead.Email, lead.SpamReason]).sort()).toEqual([
      ["skipped@bot.example", "no-token"],
      ["stale@bot.example", "no-token"],
    ]);
    expect((await newLeads()).map((lead) => lead.Email).sort()).toEqual([
      "api@bakery.example",
      "elsewhere@bakery.example",
      "nojs@bakery.example",
    ]);
  });

  test("moves a lead to New Leads with Not spam, and queues its notification", async ({
    contact,
    admin$,
    newLeads,
    spam,
    outboxRows,
  }) => {
    await contact({ ...person, [honeypotField]: "autofilled by a password manager" });
    const [kept] = await spam();
    clock = later(60_000);
    const res = await admin$("POST", `/api/leads/${kept?.ID}/not-spam`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: spamTexts.notSpam,
      lead: { ID: kept?.ID, CommStatus: "UNREAD", LeadStatus: "WARM", CreatedAt: kept?.CreatedAt },
    });
    expect((await newLeads()).map((lead) => lead.ID)).toEqual([kept?.ID]);
    expect(await spam()).toEqual([]);
    expect(await outboxRows()).toEqual([expect.objectContaining({ lead_id: kept?.ID })]);
    // Its message is no longer held against anyone.
    await contact({ ...person, email: "friend@bakery.example" });
    expect(await newLeads()).toHaveLength(2);
    expect((await admin$("POST", `/api/leads/${kept?.ID}/not-spam`)).statusCode).toBe(404);
  });

  test("marks a lead as spam from the tracker, and catches the next copy of it", async ({
    contact,
    admin$,
    newLeads,
    spam,
    outboxRows,
  }) => {
    await contact({ ...person, message: botMessage });
    const [lead] = await newLeads();
    const res = await admin$("POST", `/api/leads/${lead?.ID}/spam`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: spamTexts.marked,
      lead: { ID: lead?.ID, SpamReason: "marked" },
    });
    expect(await newLeads()).toEqual([]);
    expect(await outboxRows()).toEqual([]);
    clock = later(1000);
    await contact({ ...person, email: "again@seo.example", message: botMessage });
    expect((await spam()).map((s) => s.SpamReason)).toEqual(["repeat", "marked"]);
    expect((await admin$("POST", `/api/leads/${uuidv7()}/spam`)).statusCode).toBe(404);
  });

  test("brings a worked lead back from Spam as it was: statuses, notes, date, history and place", async ({
    database,
    app,
    admin,
    contact,
    admin$,
    newLeads,
    outboxRows,
  }) => {
    await contact({ ...person, email: "first@bakery.example" });
    clock = later(1000);
    await contact(person);
    const [rosa] = await newLeads();
    const id = rosa?.ID ?? "";
    const post = (url: string, payload: object) =>
      app.inject({
        method: "POST",
        url,
        payload,
        headers: { "x-access-token": admin.accessToken },
      });
    clock = later(60_000);
    await post(`/api/leads/update/${id}`, { CommStatus: "CONVERSING", LeadStatus: "HOT" });
    clock = later(120_000);
    const worked = (
      await post(`/api/leads/update/${id}`, {
        Notes: "Wants a quote by Friday",
        NextFollowUp: "2026-11-27",
      })
    ).json().lead as LeadRecord;
    const history = (await admin$("GET", `/api/leads/${id}/history`)).json();
    expect(history).toHaveLength(4);

    clock = later(180_000);
    const marked = await admin$("POST", `/api/leads/${id}/spam`);
    expect(marked.json().lead).toMatchObject({
      CommStatus: "CONVERSING",
      LeadStatus: "HOT",
      Notes: "Wants a quote by Friday",
      NextFollowUp: "2026-11-27",
    });
    expect((await admin$("GET", "/api/leads/old")).json()).toEqual([]);
    expect(await database.db.selectFrom("lead_events").selectAll().execute()).toEqual([]);

    clock = later(240_000);
    const back = await admin$("POST", `/api/leads/${id}/not-spam`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ message: moveTexts.backTo("Follow Up With"), lead: worked });
    expect((await admin$("GET", "/api/leads/old")).json()).toEqual([worked]);
    expect((await admin$("GET", `/api/leads/${id}/history`)).json()).toEqual(history);
    // It had been a lead all along, worked by the owner: no e-mail about it now.
    expect((await outboxRows()).map((row) => row.lead_id)).not.toContain(id);
    const audit = await database.db
      .selectFrom("audit_events")
      .select(["action", "subject_id", "actor_email"])
      .orderBy("created_at")
      .execute();
    expect(audit).toEqual([
      { action: "lead.marked-spam", subject_id: id, actor_email: "admin@fineline.studio" },
      { action: "lead.restored", subject_id: id, actor_email: "admin@fineline.studio" },
    ]);
    // A round trip leaves nothing of the person in the audit trail.
    expect(JSON.stringify(audit)).not.toMatch(/rosa|bakery|quote/i);
  });

  test("moves many leads to Spam and back in one request each, and erases many", async ({
    database,
    app,
    admin,
    contact,
    newLeads,
    spam,
  }) => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      clock = later(i * 1000);
      await contact({ ...person, email: `junk${i}@seo.example`, message: `${botMessage} ${i}` });
    }
    for (const lead of await newLeads()) ids.push(lead.ID);
    const gone = uuidv7();
    const bulk = (url: string, IDs: string[]) =>
      app.inject({
        method: "POST",
        url,
        payload: { IDs },
        headers: { "x-access-token": admin.accessToken },
      });

    const moved = await bulk("/api/leads/bulk-spam", [...ids.slice(0, 3), gone]);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe(moveTexts.toSpam(3));
    expect(moved.json().missing).toEqual([gone]);
    expect(moved.json().moved.map((lead: SpamLead) => lead.SpamReason)).toEqual([
      "marked",
      "marked",
      "marked",
    ]);
    expect((await newLeads()).map((lead) => lead.ID)).toEqual([ids[3]]);

    // Undo: back as they were, in one request; the one never moved is reported.
    const undo = await bulk("/api/leads/bulk-not-spam", ids.slice(0, 3).concat(ids[3] ?? ""));
    expect(undo.json().message).toBe(moveTexts.backFromSpam(3));
    expect(undo.json().missing).toEqual([ids[3]]);
    expect((await newLeads()).map((lead) => lead.ID).sort()).toEqual([...ids].sort());
    expect(await spam()).toEqual([]);

    const erased = await bulk("/api/leads/bulk-erase", [ids[0] ?? "", ids[1] ?? "", gone]);
    expect(erased.json()).toEqual({
      message: moveTexts.erased(2, false),
      erased: [ids[0], ids[1]].sort(),
      missing: [gone],
      diskPending: false,
    });
    expect(await newLeads()).toHaveLength(2);
    expect(
      await database.db
        .selectFrom("audit_events")
        .select("subject_id")
        .where("action", "=", "lead.erased")
        .execute(),
    ).toHaveLength(2);

    // The same limits as bulk updates: 1 to 500 well-formed IDs.
    expect((await bulk("/api/leads/bulk-erase", [])).statusCode).toBe(400);
    expect((await bulk("/api/leads/bulk-spam", ["not-an-id"])).statusCode).toBe(400);
    const many = Array.from({ length: 501 }, () => uuidv7());
    const tooMany = await bulk("/api/leads/bulk-erase", many);
    expect(tooMany.statusCode).toBe(400);
    expect(await newLeads()).toHaveLength(2);
  });

  test("moves a lead one way at a time: a double click and an erase at once never resurrect it", async ({
    database,
    app,
    admin,
    contact,
    admin$,
    newLeads,
  }) => {
    for (let round = 0; round < 8; round++) {
      await contact({ ...person, email: `race${round}@bakery.example` });
      const [lead] = await newLeads();
      const id = lead?.ID ?? "";
      const results = await Promise.all([
        admin$("POST", `/api/leads/${id}/spam`),
        admin$("POST", `/api/leads/${id}/spam`),
        app.inject({
          method: "DELETE",
          url: `/api/leads/${id}`,
          headers: { "x-access-token": admin.accessToken },
        }),
      ]);
      const [first, second, erase] = results.map((res) => res.statusCode);
      for (const status of [first, second, erase]) expect([200, 404]).toContain(status);
      // One of the two clicks moved it; the other found it gone.
      expect([first, second].filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      const inSpam = await database.db
        .selectFrom("spam_leads")
        .select("id")
        .where("id", "=", id)
        .execute();
      const inLeads = await database.db
        .selectFrom("leads")
        .select("id")
        .where("id", "=", id)
        .execute();
      // Erased means gone from everywhere; otherwise it is in Spam, once.
      if (erase === 200) expect([...inSpam, ...inLeads]).toEqual([]);
      else expect(inSpam).toHaveLength(1);
      expect(inLeads).toEqual([]);
    }
  });

  test("deletes spam 30 days after it was judged spam", async ({ app, contact, spam }) => {
    await contact({ ...person, [honeypotField]: "x" });
    clock = later(29 * 24 * 60 * 60 * 1000);
    await contact({ ...person, email: "newer@seo.example", [honeypotField]: "x" });
    await app.spamPurge.run();
    expect(await spam()).toHaveLength(2);
    clock = later(30 * 24 * 60 * 60 * 1000 + 1000);
    await app.spamPurge.run();
    expect((await spam()).map((lead) => lead.Email)).toEqual(["newer@seo.example"]);
  });

  test("pages the spam list like the lists, and erases spam for good", async ({
    app,
    admin,
    contact,
    admin$,
    spam,
  }) => {
    for (let i = 0; i < 5; i++) {
      clock = later(i * 1000);
      await contact({ ...person, email: `bot${i}@seo.example`, [honeypotField]: "x" });
    }
    const first = await admin$("GET", "/api/leads/spam?limit=2");
    expect(first.json().map((lead: SpamLead) => lead.Email)).toEqual([
      "bot4@seo.example",
      "bot3@seo.example",
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toMatch(/^\/api\/leads\/spam\?limit=2&cursor=/);
    const second = await admin$("GET", next ?? "");
    expect(second.json().map((lead: SpamLead) => lead.Email)).toEqual([
      "bot2@seo.example",
      "bot1@seo.example",
    ]);
    expect((await admin$("GET", "/api/leads/spam?cursor=nonsense")).statusCode).toBe(400);
    const [top] = first.json() as SpamLead[];
    const erase = await app.inject({
      method: "DELETE",
      url: `/api/leads/${top?.ID}`,
      headers: { "x-access-token": admin.accessToken },
    });
    expect(erase.json()).toEqual({ message: leadTexts.erased, diskPending: false });
    expect(await spam()).toHaveLength(4);
  });

  test("names every reason in words", () => {
    for (const reason of spamReasons) expect(spamReasonTexts[reason]).toMatch(/^[A-Z].{10,}/);
  });

  test("keeps the spam list and its actions for admins only", async ({
    database,
    app,
    admin,
    contact,
    spam,
  }) => {
    await contact({ ...person, [honeypotField]: "x" });
    const [kept] = await spam();
    const signedUp = await signedInUser(database.db, "user");
    const bad = await badAccessTokens(admin.id, admin.refreshToken);
    const calls: Array<["GET" | "POST", string]> = [
      ["GET", "/api/leads/spam"],
      ["POST", `/api/leads/${kept?.ID}/not-spam`],
      ["POST", `/api/leads/${kept?.ID}/spam`],
    ];
    for (const [method, url] of calls) {
      for (const [name, value] of Object.entries(bad)) {
        const res = await app.inject({
          method,
          url,
          headers: value === undefined ? {} : { "x-access-token": value },
        });
        expect(res.statusCode, `${url} ${name}`).toBe(401);
      }
      const res = await app.inject({
        method,
        url,
        headers: { "x-access-token": signedUp.accessToken },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await spam()).toHaveLength(1);
  });
});
