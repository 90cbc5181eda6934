import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { honeypotField } from "../../domain/contact-texts.ts";
import { conversationTexts } from "../../domain/conversation.ts";
import { replyTokenFor, replyTokenKey } from "../mail/reply-token.ts";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { type Received, startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret, testTokens } from "../test-support/tokens.ts";

const start = new Date("2026-11-26T14:00:00.000Z");
const visitor = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "We need a new site for the bakery. Click http://spam.example to win!",
};

describe.each(testEngines)("conversations on $name", (engine) => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let clock = start;
  let ip = 0;

  const open = async (env: Record<string, string> = {}) => {
    app = await buildTestApp(
      database,
      {
        JWT_SECRET: testSecret,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: "owner@fineline.studio",
        MAIL_FROM: "hello@fineline.studio",
        SITE_URL: "https://fineline.studio",
        DIGEST_HOUR: "off",
        ...env,
      },
      { now: () => clock, outboxIntervalMs: 3_600_000 },
    );
  };
  beforeEach(async () => {
    clock = start;
    database = await engine.open();
    smtp = await startSmtp();
    await open();
    admin = await signedInUser(database.db, "admin", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  const contact = async (body: object = visitor) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/leads/contact-us",
      remoteAddress: `10.8.${Math.floor(++ip / 250)}.${ip % 250}`,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
  };
  const leadId = async (email = visitor.email) =>
    (
      await database.db
        .selectFrom("leads")
        .select("id")
        .where("email", "=", email)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow()
    ).id;
  const asAdmin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { "x-access-token": admin.accessToken },
      ...(payload ? { payload } : {}),
    });
  const delivered = async () => {
    await app.outbox?.idle();
    return smtp.received;
  };
  const parsed = (mail: Received | undefined) => simpleParser(mail?.raw ?? "");
  const toVisitor = (mails: Received[]) => mails.filter((m) => m.to.includes(visitor.email));

  describe("the instant reply", () => {
    it("answers a new lead at once: who we are, when, a booking link; never what they typed", async () => {
      await contact();
      const [reply, ...more] = toVisitor(await delivered());
      expect(more).toEqual([]);
      const mail = await parsed(reply);
      expect(mail.from?.value[0]).toEqual({
        name: "Fineline Studio",
        address: "hello@fineline.studio",
      });
      expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
      expect(mail.subject).toBe("We have your message: Fineline Studio");
      expect(mail.text).toContain("within one business day");
      expect(mail.text).toMatch(/https:\/\/fineline\.studio\/book#pass=p2\.[\w-]+/);
      expect(mail.html).toContain("<a href=");
      // Nothing the visitor typed: not the message, not the link in it, not even the name.
      for (const typed of ["bakery", "spam.example", "Rosa", "Delgado"]) {
        expect(mail.text).not.toContain(typed);
        expect(String(mail.html)).not.toContain(typed);
      }
      // It is part of the conversation, so a reply to it threads.
      const conversation = (await asAdmin("GET", `/api/leads/${await leadId()}/messages`)).json();
      expect(conversation).toMatchObject([
        { direction: "out", kind: "auto-reply", status: "sent", to: visitor.email },
      ]);
      // It is not an answer: the lead stays new.
      const lead = (await asAdmin("GET", `/api/leads/${await leadId()}`)).json();
      expect(lead.CommStatus).toBe("UNREAD");
    });

    it("goes once per address a day, and never for a repeat, spam, or with AUTO_REPLY=off", async () => {
      await contact();
      await contact(); // the same message again: a duplicate
      await contact({ ...visitor, message: "One more thing: opening hours." }); // a new lead
      await contact({ ...visitor, email: "ROSA@Bakery.Example", message: "From my phone" });
      await contact({
        ...visitor,
        email: "bot@spam.example",
        [honeypotField]: "https://seo.example",
      });
      expect(toVisitor(await delivered())).toHaveLength(1);
      expect(smtp.received.filter((m) => m.to.includes("bot@spam.example"))).toEqual([]);
      clock = new Date(start.getTime() + 24 * 3_600_000 + 1_000);
      await contact({ ...visitor, message: "A day later: are you there?" });
      expect(toVisitor(await delivered())).toHaveLength(2);

      await app.close();
      await open({ AUTO_REPLY: "off" });
      await contact({ ...visitor, email: "ana@cafe.example" });
      await app.outbox?.idle();
      expect(smtp.received.filter((m) => m.to.includes("ana@cafe.example"))).toEqual([]);
    });
  });

  describe("writing from the lead", () => {
    it("queues the message, sends it threaded with a Reply-To token, and counts it as the first answer", async () => {
      await app.close();
      await open({ REPLY_TO: "hello+{token}@fineline.studio", AUTO_REPLY: "off" });
      await contact();
      const id = await leadId();
      const res = await asAdmin("POST", `/api/leads/${id}/messages`, {
        subject: "Re: your message to Fineline Studio",
        text: "Hello {{firstName}},\n\nHappy to help. Pick a time here: {{bookingLink}}",
      });
      expect(res.statusCode).toBe(201);
      const queued = res.json();
      expect(queued).toMatchObject({
        direction: "out",
        from: "hello@fineline.studio",
        to: visitor.email,
        subject: "Re: your message to Fineline Studio",
        status: "queued",
      });
      expect(queued.text).toMatch(
        /^Hello Rosa,\n\nHappy to help\. Pick a time here: https:\/\/fineline\.studio\/book#pass=/,
      );
      expect(queued.lead).toMatchObject({ CommStatus: "REPLIED" });

      const [first] = toVisitor(await delivered());
      const mail = await parsed(first);
      const token = replyTokenFor(replyTokenKey(testTokens.key), id);
      expect(mail.replyTo?.value[0]?.address).toBe(`hello+${token}@fineline.studio`);
      expect(mail.messageId).toMatch(/^<msg-[0-9a-f-]{36}@fineline\.studio>$/);
      expect(mail.inReplyTo).toBeUndefined();
      expect(mail.headers.get("auto-submitted")).toBeUndefined();
      expect(mail.text).toContain("Hello Rosa,");

      // History: done by sending; speed to lead counts it.
      const history = (await asAdmin("GET", `/api/leads/${id}/history`)).json();
      expect(history).toContainEqual(
        expect.objectContaining({
          Field: "CommStatus",
          From: "UNREAD",
          To: "REPLIED",
          Via: "sending",
        }),
      );
      const conversation = (await asAdmin("GET", `/api/leads/${id}/messages`)).json();
      expect(conversation).toMatchObject([{ status: "sent" }]);

      // The second message answers the first, and does not touch the status again.
      await asAdmin("POST", `/api/leads/${id}/messages`, { subject: "And one more", text: "P.S." });
      const second = await parsed(toVisitor(await delivered())[1]);
      expect(second.inReplyTo).toBe(mail.messageId);
      expect(second.references).toBe(mail.messageId);
      const after = (await asAdmin("GET", `/api/leads/${id}/history`)).json();
      expect(after.filter((e: { Field: string }) => e.Field === "CommStatus")).toHaveLength(1);
    });

    it("refuses an unknown placeholder before sending, and a message without SMTP", async () => {
      await contact();
      const id = await leadId();
      const bad = await asAdmin("POST", `/api/leads/${id}/messages`, {
        subject: "Hi",
        text: "Hello {{firstname}}",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        "Unknown placeholder {{firstname}}. Use {{firstName}}, {{lastName}} or {{bookingLink}}.",
      );
      const unclosed = await asAdmin("POST", `/api/leads/${id}/messages`, {
        subject: "Hi",
        text: "Hello {{firstName}",
      });
      expect(unclosed.statusCode).toBe(400);
      expect(unclosed.json().message).toMatch(/^A placeholder is not closed/);
      for (const body of [
        { subject: "", text: "x" },
        { subject: "a\nb", text: "x" },
        { subject: "x", text: " " },
      ])
        expect((await asAdmin("POST", `/api/leads/${id}/messages`, body)).statusCode).toBe(400);
      const missing = await asAdmin(
        "POST",
        "/api/leads/0190f1a2-7b3c-7d4e-8f50-617283940a1b/messages",
        {
          subject: "Hi",
          text: "Hello",
        },
      );
      expect(missing.statusCode).toBe(404);
      const messages = (await asAdmin("GET", `/api/leads/${id}/messages`)).json();
      expect(messages.filter((m: { kind: string }) => m.kind === "message")).toEqual([]);

      await app.close();
      await open({ SMTP_URL: "", NOTIFY_EMAIL: "", MAIL_FROM: "" });
      const notSetUp = await asAdmin("POST", `/api/leads/${id}/messages`, {
        subject: "Hi",
        text: "Hello",
      });
      expect(notSetUp.statusCode).toBe(409);
      expect(notSetUp.json()).toEqual({ message: conversationTexts.notSetUp });
    });

    it("retries a refusal for now, says failed for a refusal for good, and sends it again on request", async () => {
      await app.close();
      await open({ AUTO_REPLY: "off" });
      await contact();
      const id = await leadId();
      await app.outbox?.idle(); // the owner's notification goes first
      smtp.failNextMessages(1, 451);
      const queued = (
        await asAdmin("POST", `/api/leads/${id}/messages`, { subject: "Hi", text: "One" })
      ).json();
      await app.outbox?.idle();
      let [message] = (await asAdmin("GET", `/api/leads/${id}/messages`)).json();
      expect(message).toMatchObject({
        status: "queued",
        error: expect.stringContaining("temporarily"),
      });
      clock = new Date(clock.getTime() + 31_000);
      app.outbox?.poke();
      await app.outbox?.idle();
      [message] = (await asAdmin("GET", `/api/leads/${id}/messages`)).json();
      expect(message).toMatchObject({ ID: queued.ID, status: "sent", error: null });
      expect(toVisitor(smtp.received)).toHaveLength(1);

      smtp.failNextMessages(1, 550);
      const refused = (
        await asAdmin("POST", `/api/leads/${id}/messages`, { subject: "Hi", text: "Two" })
      ).json();
      await app.outbox?.idle();
      let second = (await asAdmin("GET", `/api/leads/${id}/messages`)).json()[1];
      expect(second).toMatchObject({
        ID: refused.ID,
        status: "failed",
        error: expect.stringContaining("No such mailbox"),
      });
      // Given up: later passes leave it alone.
      clock = new Date(clock.getTime() + 3_600_000);
      app.outbox?.poke();
      await app.outbox?.idle();
      expect(toVisitor(smtp.received)).toHaveLength(1);

      const sentOk = await asAdmin("POST", `/api/leads/${id}/messages/${queued.ID}/retry`);
      expect(sentOk.statusCode).toBe(409);
      const retried = await asAdmin("POST", `/api/leads/${id}/messages/${refused.ID}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ status: "queued" });
      await app.outbox?.idle();
      second = (await asAdmin("GET", `/api/leads/${id}/messages`)).json()[1];
      expect(second).toMatchObject({ status: "sent" });
      const mails = toVisitor(smtp.received);
      expect(mails).toHaveLength(2);
      expect((await parsed(mails[1])).text).toContain("Two");
    });
  });

  describe("templates", () => {
    it("are added, listed, changed and deleted, with their placeholders checked", async () => {
      const made = await asAdmin("POST", "/api/templates", {
        name: "First answer",
        subject: "Re: your message to Fineline Studio",
        text: "Hello {{ firstName }}, book here: {{bookingLink}}",
      });
      expect(made.statusCode).toBe(201);
      const template = made.json();
      expect(template).toMatchObject({
        name: "First answer",
        text: "Hello {{ firstName }}, book here: {{bookingLink}}",
      });
      expect((await asAdmin("GET", "/api/templates")).json()).toEqual([template]);
      const bad = await asAdmin("PUT", `/api/templates/${template.ID}`, {
        name: "First answer",
        subject: "Hi {{company}}",
        text: "x",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^Unknown placeholder \{\{company\}\}/);
      const changed = await asAdmin("PUT", `/api/templates/${template.ID}`, {
        name: "Quick answer",
        subject: "Hi",
        text: "Thanks {{lastName}}",
      });
      expect(changed.json()).toMatchObject({ ID: template.ID, name: "Quick answer" });
      expect(
        (await asAdmin("POST", "/api/templates", { name: "", subject: "a", text: "b" })).json(),
      ).toEqual({
        message: conversationTexts.nameMissing,
      });
      expect((await asAdmin("DELETE", `/api/templates/${template.ID}`)).json()).toEqual({
        message: conversationTexts.templateDeleted,
      });
      expect((await asAdmin("DELETE", `/api/templates/${template.ID}`)).statusCode).toBe(404);
      expect(
        (
          await asAdmin("PUT", `/api/templates/${template.ID}`, {
            name: "a",
            subject: "b",
            text: "c",
          })
        ).statusCode,
      ).toBe(404);
      expect((await asAdmin("GET", "/api/templates")).json()).toEqual([]);
    });
  });

  describe("erasure, spam and export", () => {
    it("erasing a lead erases its conversation and its pending e-mails; the export has no bodies", async () => {
      await contact();
      const id = await leadId();
      // Held back: the mail server refuses for now, so the message waits in the outbox.
      smtp.failNextMessages(5, 451);
      await asAdmin("POST", `/api/leads/${id}/messages`, { subject: "Hi", text: "A secret offer" });
      await app.outbox?.idle();
      const csv = (await asAdmin("GET", "/api/leads/export.csv")).body;
      expect(csv).not.toContain("A secret offer");
      expect(csv).not.toContain("within one business day");
      expect((await asAdmin("DELETE", `/api/leads/${id}`)).statusCode).toBe(200);
      expect(await database.db.selectFrom("lead_messages").selectAll().execute()).toEqual([]);
      expect(
        await database.db.selectFrom("outbox").selectAll().where("lead_id", "=", id).execute(),
      ).toEqual([]);
      expect(await database.db.selectFrom("auto_replies").selectAll().execute()).toEqual([]);
    });

    it("a lead moved to Spam and back keeps its conversation; a message waiting is kept as failed", async () => {
      await contact();
      const id = await leadId();
      await app.outbox?.idle();
      smtp.failNextMessages(5, 451);
      await asAdmin("POST", `/api/leads/${id}/messages`, { subject: "Hi", text: "Waiting" });
      await app.outbox?.idle();
      expect((await asAdmin("POST", `/api/leads/${id}/spam`)).statusCode).toBe(200);
      expect(await database.db.selectFrom("lead_messages").selectAll().execute()).toEqual([]);
      expect((await asAdmin("POST", `/api/leads/${id}/not-spam`)).statusCode).toBe(200);
      const conversation = (await asAdmin("GET", `/api/leads/${id}/messages`)).json();
      expect(conversation).toMatchObject([
        { kind: "auto-reply", status: "sent" },
        { kind: "message", status: "failed", text: "Waiting" },
      ]);
    });
  });
});
