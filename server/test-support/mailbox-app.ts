import { expect } from "vitest";
import type { TestEngine } from "./databases.ts";
import type { Dovecot } from "./dovecot.ts";
import { startSmtp } from "./smtp.ts";
import { buildTestApp } from "./test-app.ts";
import { signedInUser, testSecret } from "./tokens.ts";

export type MailboxApp = Awaited<ReturnType<typeof openMailboxApp>>;

/**
 * The app watching a mailbox of its own (a folder in the test's Dovecot), with sending to a
 * real SMTP server, on a fresh database of the engine: what the mailbox suites share.
 */
export async function openMailboxApp(
  engine: TestEngine,
  dovecot: Dovecot,
  env: Record<string, string> = {},
) {
  const database = await engine.open();
  const smtp = await startSmtp();
  const mailbox = `test-${Math.random().toString(36).slice(2, 10)}`;
  await dovecot.createMailbox(mailbox);
  const app = await buildTestApp(
    database,
    {
      JWT_SECRET: testSecret,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "owner@fineline.studio",
      MAIL_FROM: "hello@fineline.studio",
      REPLY_TO: "hello+{token}@fineline.studio",
      IMAP_URL: dovecot.url.replace("/INBOX", `/${mailbox}`),
      DIGEST_HOUR: "off",
      AUTO_REPLY: "off",
      RATE_LIMIT: "off",
      ...env,
    },
    { mailboxLeaseMs: 3_000 },
  );
  const admin = await signedInUser(database.db, "admin");

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
    }>;

  return {
    app,
    database,
    /** Where the app sends its e-mails. */
    smtp,
    mailbox,
    admin,
    asAdmin,
    conversation,
    deliver: (raw: string | Buffer) => dovecot.deliver(mailbox, raw),
    deliverMany: (raws: string[]) => dovecot.deliverMany(mailbox, raws),
    /** A contact request; answers the new lead's ID. */
    async contact(email: string, firstName = "Rosa") {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: { email, firstName, lastName: "Delgado", message: `Hello from ${email}` },
      });
      expect(res.statusCode).toBe(201);
      const lead = await database.db
        .selectFrom("leads")
        .select("id")
        .where("email", "=", email)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      return lead.id;
    },
    /** The owner writes to the lead (it becomes REPLIED); answers our message's Message-ID. */
    async write(leadId: string) {
      const sent = await asAdmin("POST", `/api/leads/${leadId}/messages`, {
        subject: "Re: your message to Fineline Studio",
        text: "Hello, when can we talk?",
      });
      expect(sent.statusCode).toBe(201);
      await app.outbox?.idle();
      const ours = await database.db
        .selectFrom("lead_messages")
        .select("message_id")
        .where("lead_id", "=", leadId)
        .where("direction", "=", "out")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      return ours.message_id;
    },
    replies: async (leadId: string) =>
      (await conversation(leadId)).filter((message) => message.direction === "in"),
    lead: async (leadId: string) => (await asAdmin("GET", `/api/leads/${leadId}`)).json(),
    /** How far the watcher has read: the last UID it recorded. */
    lastUid: async () =>
      Number(
        (await database.db.selectFrom("mailbox_state").select("last_uid").executeTakeFirst())
          ?.last_uid ?? 0,
      ),
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}
