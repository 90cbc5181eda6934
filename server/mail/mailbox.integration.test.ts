import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { type Dovecot, dovecotMissing, startDovecot } from "../test-support/dovecot.ts";
import { rawMail } from "../test-support/raw-mail.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret, testTokens } from "../test-support/tokens.ts";
import { replyTokenFor, replyTokenKey } from "./reply-token.ts";

/** A raw message as a visitor's mail program would send it. */
const mail = rawMail;

describe.skipIf(dovecotMissing)("visitors' replies from the mailbox (Dovecot)", () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot?.close();
  });

  describe.each(testEngines)("on $name", (engine) => {
    let database: TestDatabase;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let app: FastifyInstance;
    let admin: Awaited<ReturnType<typeof signedInUser>>;
    let ip = 0;
    let mailbox: string;
    const env = () => ({
      JWT_SECRET: testSecret,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@fineline.studio",
      MAIL_FROM: "hello@fineline.studio",
      REPLY_TO: "hello+{token}@fineline.studio",
      // A mailbox of this test's own: a folder in the one Dovecot account.
      IMAP_URL: dovecot.url.replace("/INBOX", `/${mailbox}`),
      DIGEST_HOUR: "off",
      AUTO_REPLY: "off",
    });

    beforeEach(async () => {
      database = await engine.open();
      smtp = await startSmtp();
      mailbox = `test-${Math.random().toString(36).slice(2, 10)}`;
      await dovecot.createMailbox(mailbox);
      app = await buildTestApp(database, env(), { mailboxLeaseMs: 3_000 });
      admin = await signedInUser(database.db, "admin");
    });
    afterEach(async () => {
      await app.close();
      await database.close();
      await smtp.close();
    });

    const contact = async (email: string, firstName = "Rosa") => {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
        payload: { email, firstName, lastName: "Delgado", message: `Hello from ${email}` },
      });
      expect(res.statusCode).toBe(201);
      return (
        await database.db
          .selectFrom("leads")
          .select("id")
          .where("email", "=", email)
          .orderBy("created_at", "desc")
          .executeTakeFirstOrThrow()
      ).id;
    };
    const asAdmin = (method: "GET" | "POST", url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { "x-access-token": admin.accessToken },
        ...(payload ? { payload } : {}),
      });
    const conversation = async (leadId: string) =>
      (await asAdmin("GET", `/api/leads/${leadId}/messages`)).json() as Array<{
        direction: string;
        from: string;
        subject: string;
        text: string;
        status: string;
        attachments: Array<{ name: string; size: number }>;
      }>;
    const replies = async (leadId: string) =>
      (await conversation(leadId)).filter((m) => m.direction === "in");
    const lead = async (leadId: string) => (await asAdmin("GET", `/api/leads/${leadId}`)).json();

    it("joins a reply to its lead by thread, by Reply-To token, or by sender, and leaves other mail alone", async () => {
      const answered = await contact("rosa@bakery.example");
      const sent = await asAdmin("POST", `/api/leads/${answered}/messages`, {
        subject: "Re: your message to Fineline Studio",
        text: "Hello Rosa, when can we talk?",
      });
      expect(sent.statusCode).toBe(201);
      await app.outbox?.idle();
      const ourId = (
        await database.db
          .selectFrom("lead_messages")
          .select("message_id")
          .where("lead_id", "=", answered)
          .executeTakeFirstOrThrow()
      ).message_id;
      const byToken = await contact("ana@cafe.example", "Ana");
      await contact("bo@barber.example", "Bo");
      const latestBo = await contact("bo@barber.example", "Bo");

      // Rosa answers from her phone's other address: the thread finds her lead.
      await dovecot.deliver(mailbox, mail({ from: "rosa.d@phone.example", inReplyTo: ourId }));
      // Ana's program dropped the headers; her reply went to her lead's Reply-To.
      const token = replyTokenFor(replyTokenKey(testTokens.key), byToken);
      await dovecot.deliver(
        mailbox,
        mail({ from: "ana.other@cafe.example", to: `hello+${token}@fineline.studio` }),
      );
      // Bo writes afresh: his address finds his most recent lead.
      await dovecot.deliver(mailbox, mail({ from: "Bo <BO@Barber.Example>", subject: "Question" }));
      // Nobody's: a newsletter.
      await dovecot.deliver(mailbox, mail({ from: "news@tools.example", subject: "Our sale" }));

      await expect.poll(async () => (await replies(latestBo)).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await replies(answered)).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await replies(byToken)).length, { timeout: 10_000 }).toBe(1);
      expect(await replies(answered)).toMatchObject([
        { from: "rosa.d@phone.example", status: "received", text: "Thanks! Tuesday works for me." },
      ]);
      const imported = await database.db
        .selectFrom("lead_messages")
        .select("subject")
        .where("direction", "=", "in")
        .execute();
      expect(imported.map((m) => m.subject).sort()).toEqual([
        "Question",
        "Re: your message to Fineline Studio",
        "Re: your message to Fineline Studio",
      ]);

      // Rosa was answered (REPLIED) and wrote back: CONVERSING, with an unread reply.
      const rosa = await lead(answered);
      expect(rosa).toMatchObject({ CommStatus: "CONVERSING", ReplyUnreadAt: expect.any(String) });
      const history = (await asAdmin("GET", `/api/leads/${answered}/history`)).json();
      expect(history[0]).toMatchObject({
        Field: "CommStatus",
        From: "REPLIED",
        To: "CONVERSING",
        Via: "reply",
        By: "rosa.d@phone.example",
      });
      // Ana was never answered: her status is the owner's to change; the reply is unread.
      expect(await lead(byToken)).toMatchObject({
        CommStatus: "UNREAD",
        ReplyUnreadAt: expect.any(String),
      });
      const stats = (await asAdmin("GET", "/api/leads/stats")).json();
      expect(stats.unreadReplies).toBe(3);
      expect((await asAdmin("POST", `/api/leads/${answered}/messages/read`)).statusCode).toBe(200);
      expect((await lead(answered)).ReplyUnreadAt).toBeNull();
      expect((await asAdmin("GET", "/api/leads/stats")).json().unreadReplies).toBe(2);

      // The mailbox is as it was: nothing marked read, nothing moved.
      const inbox = await dovecot.messages(mailbox);
      expect(inbox).toHaveLength(4);
      for (const message of inbox) expect(message.flags).not.toContain("\\Seen");
    });

    it("shows HTML-only mail as text, lists attachments, cuts a long body, and defuses a hostile subject", async () => {
      const id = await contact("rosa@bakery.example");
      await dovecot.deliver(
        mailbox,
        mail({
          from: "rosa@bakery.example",
          subject:
            "=?utf-8?B?" +
            Buffer.from("Hi\u202Egnp.exe\u0007 <script>alert(1)</script>").toString("base64") +
            "?=",
          contentType: "text/html; charset=utf-8",
          body: '<html><body><p>Hello <b>there</b></p><img src="https://tracker.example/pixel.gif"><script>steal()</script><p><a href="https://bakery.example/menu">our menu</a></p></body></html>',
        }),
      );
      const boundary = "b1";
      await dovecot.deliver(
        mailbox,
        mail({
          from: "rosa@bakery.example",
          subject: "Our photos",
          contentType: `multipart/mixed; boundary="${boundary}"`,
          body: [
            `--${boundary}`,
            "Content-Type: text/plain; charset=utf-8",
            "",
            `${"Lorem of the bakery. ".repeat(8000)}THE END`,
            `--${boundary}`,
            'Content-Type: image/jpeg; name="storefront.jpg"',
            'Content-Disposition: attachment; filename="storefront.jpg"',
            "Content-Transfer-Encoding: base64",
            "",
            Buffer.alloc(3000, 7).toString("base64"),
            `--${boundary}--`,
          ].join("\r\n"),
        }),
      );
      await expect.poll(async () => (await replies(id)).length, { timeout: 10_000 }).toBe(2);
      const [html, long] = await replies(id);
      expect(html?.text).toContain("Hello there");
      expect(html?.text).toContain("our menu [https://bakery.example/menu]");
      expect(html?.text).not.toContain("tracker.example");
      expect(html?.text).not.toContain("steal()");
      expect(html?.text).not.toContain("<");
      // No override or bell survives; the words are kept, as text.
      expect(html?.subject).toBe("Hi gnp.exe <script>alert(1)</script>");
      expect(long?.attachments).toEqual([{ name: "storefront.jpg", size: 3000 }]);
      expect(Buffer.byteLength(long?.text ?? "")).toBeLessThan(102_500);
      expect(long?.text).not.toContain("THE END");
      expect(long?.text).toMatch(
        /\[The rest of this message \(\d+ KB in all\) was cut\. Read it in your mailbox\.\]$/,
      );
    });

    it("imports each message once across a restart, a renumbered mailbox, and two instances", async () => {
      const id = await contact("rosa@bakery.example");
      const second = await buildTestApp(database.sibling(), env(), { mailboxLeaseMs: 3_000 });
      try {
        for (let n = 0; n < 5; n++)
          await dovecot.deliver(
            mailbox,
            mail({ from: "rosa@bakery.example", subject: `Note ${n}` }),
          );
        await expect.poll(async () => (await replies(id)).length, { timeout: 10_000 }).toBe(5);
        // A restart of this instance, and the mailbox read from the start again (as after a
        // new UIDVALIDITY): the same messages are not imported twice.
        await app.close();
        await database.db
          .updateTable("mailbox_state")
          .set({ last_uid: 0, uid_validity: "1" })
          .execute();
        app = await buildTestApp(database, env(), { mailboxLeaseMs: 3_000 });
        await dovecot.deliver(mailbox, mail({ from: "rosa@bakery.example", subject: "Note 5" }));
        await expect.poll(async () => (await replies(id)).length, { timeout: 15_000 }).toBe(6);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect((await replies(id)).map((m) => m.subject).sort()).toEqual([
          "Note 0",
          "Note 1",
          "Note 2",
          "Note 3",
          "Note 4",
          "Note 5",
        ]);
      } finally {
        await second.close();
      }
    });
  });

  it("a reply shows on its lead within seconds, by IDLE and by polling", async () => {
    const [engine] = testEngines;
    if (!engine) return;
    const timings: Record<string, number> = {};
    for (const idle of [true, false]) {
      const server = idle ? dovecot : await startDovecot({ idle: false });
      const database = await engine.open();
      const smtp = await startSmtp();
      const folder = `latency-${idle ? "idle" : "poll"}`;
      await server.createMailbox(folder);
      const app = await buildTestApp(database, {
        JWT_SECRET: testSecret,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: "owner@fineline.studio",
        DIGEST_HOUR: "off",
        AUTO_REPLY: "off",
        IMAP_URL: server.url.replace("/INBOX", `/${folder}`),
        IMAP_POLL_SECONDS: "5",
      });
      try {
        await app.inject({
          method: "POST",
          url: "/api/leads/contact-us",
          payload: {
            email: "rosa@bakery.example",
            firstName: "Rosa",
            lastName: "Delgado",
            message: "Hi",
          },
        });
        // Let the watcher start and settle into waiting.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const began = Date.now();
        await server.deliver(folder, mail({ from: "rosa@bakery.example" }));
        await expect
          .poll(
            async () =>
              (
                await database.db
                  .selectFrom("lead_messages")
                  .select("id")
                  .where("direction", "=", "in")
                  .execute()
              ).length,
            { timeout: 12_000, interval: 50 },
          )
          .toBe(1);
        timings[idle ? "idle" : "polling every 5 s"] = Date.now() - began;
      } finally {
        await app.close();
        await database.close();
        await smtp.close();
        if (!idle) await server.close();
      }
    }
    console.info(`mailbox: reply to lead, ${JSON.stringify(timings)} ms`);
    expect(timings.idle).toBeLessThan(3_000);
    expect(timings["polling every 5 s"]).toBeLessThan(7_000);
  }, 60_000);
});
