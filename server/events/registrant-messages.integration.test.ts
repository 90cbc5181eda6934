import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { conversationTexts } from "../../domain/conversation.ts";
import { eventTexts, registrantsMessageQueuedText } from "../../domain/event-texts.ts";
import { testEngines } from "../test-support/databases.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret, testTokens } from "../test-support/tokens.ts";

/**
 * The owner writes to everyone registered for an event (docs/events.md): one e-mail each,
 * through the outbox, kept in each lead's conversation; checked like a message to one lead.
 */

const now = new Date("2026-11-26T13:00:00.000Z");
const env = {
  JWT_SECRET: testSecret,
  NOTIFY_EMAIL: "owner@fineline.studio",
  SITE_URL: "https://fineline.studio",
  DIGEST_HOUR: "off",
};

describe.each(testEngines)("writing to an event's registrants on $name", (engine) => {
  it("queues one message per registrant, sent once, kept in each one's conversation", async () => {
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await buildTestApp(
      database,
      { ...env, SMTP_URL: smtp.url, MAIL_FROM: "hello@fineline.studio" },
      { now: () => now, outboxIntervalMs: 3_600_000 },
    );
    const admin = await signedInUser(database.db, "admin", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
    const signedUp = await signedInUser(database.db, "user", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
    const write = (slug: string, payload: unknown, token = admin.accessToken) =>
      app.inject({
        method: "POST",
        url: `/api/events/${slug}/messages`,
        headers: token ? { "x-access-token": token } : {},
        payload: payload as object,
      });
    const guestMail = () =>
      smtp.received.filter((m) => m.to.some((to) => to.endsWith("@example.com")));
    const message = {
      subject: "Parking on Telfair St",
      message: "Park behind the hall.\nSee you!",
    };
    try {
      // Nobody registered yet: nothing to send, and said so.
      const empty = await write("small-workshop", message);
      expect(empty.statusCode).toBe(409);
      expect(empty.json()).toEqual({ message: eventTexts.noRegistrants });
      for (const n of [1, 2, 3]) {
        const res = await app.inject({
          method: "POST",
          url: "/api/events/small-workshop/registrations",
          remoteAddress: `10.8.0.${n}`,
          payload: { email: `guest${n}@example.com`, firstName: "Ada", lastName: "Guest" },
        });
        expect(res.statusCode).toBe(201);
      }
      // Someone of another event is not written to.
      await app.inject({
        method: "POST",
        url: "/api/events/open-evening/registrations",
        remoteAddress: "10.8.0.9",
        payload: { email: "other@example.com", firstName: "Bo", lastName: "Other" },
      });
      app.outbox?.poke();
      await app.outbox?.idle();
      const confirmations = guestMail().length;
      expect(confirmations).toBe(4);

      // Only an admin: 401 without a token, 403 for a signed-in non-admin; nothing queued.
      expect((await write("small-workshop", message, "")).statusCode).toBe(401);
      expect((await write("small-workshop", message, signedUp.accessToken)).statusCode).toBe(403);

      // Bad input, each with its own words.
      const bad: [unknown, string][] = [
        [{ message: "Hi" }, conversationTexts.subjectMissing],
        [{ subject: "  ", message: "Hi" }, conversationTexts.subjectMissing],
        [{ subject: "x".repeat(201), message: "Hi" }, conversationTexts.subjectTooLong],
        [{ subject: "Two\nlines", message: "Hi" }, conversationTexts.subjectOneLine],
        [{ subject: "Hi" }, conversationTexts.textMissing],
        [{ subject: "Hi", message: " \n " }, conversationTexts.textMissing],
        [{ subject: "Hi", message: "x".repeat(20_001) }, conversationTexts.textTooLong],
        [{ subject: "Hi", message: "Hello {{firstName}}" }, "Placeholders such as"],
      ];
      for (const [payload, text] of bad) {
        const res = await write("small-workshop", payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json().message).toContain(text);
      }
      expect((await write("no-such-event", message)).statusCode).toBe(404);
      expect((await write("no-such-event", message)).json()).toEqual({
        message: eventTexts.unknown,
      });

      const sent = await write("small-workshop", message);
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toEqual({ recipients: 3, message: registrantsMessageQueuedText(3) });
      app.outbox?.poke();
      await app.outbox?.idle();
      // Once each, however often the outbox passes.
      app.outbox?.poke();
      await app.outbox?.idle();
      const messages = guestMail().slice(confirmations);
      expect(messages.map((m) => m.to[0]).sort()).toEqual([
        "guest1@example.com",
        "guest2@example.com",
        "guest3@example.com",
      ]);
      const mail = await simpleParser(messages[0]?.raw ?? "");
      expect(mail.subject).toBe("Parking on Telfair St");
      expect(mail.from?.value[0]?.address).toBe("hello@fineline.studio");
      expect(mail.text).toContain("Park behind the hall.\nSee you!");
      expect(mail.text).toContain(
        "You're receiving this because you registered for Small workshop (",
      );
      expect(mail.text).toContain("https://fineline.studio/events/small-workshop");
      // Each kept in its lead's conversation, marked sent.
      const kept = await database.db
        .selectFrom("lead_messages")
        .select(["to_address", "subject", "status"])
        .where("subject", "=", "Parking on Telfair St")
        .orderBy("to_address")
        .execute();
      expect(kept).toEqual([
        { to_address: "guest1@example.com", subject: "Parking on Telfair St", status: "sent" },
        { to_address: "guest2@example.com", subject: "Parking on Telfair St", status: "sent" },
        { to_address: "guest3@example.com", subject: "Parking on Telfair St", status: "sent" },
      ]);
    } finally {
      await app.close();
      await smtp.close();
      await database.close();
    }
  });

  it("says when e-mail is not set up, rather than queueing what cannot go", async () => {
    const database = await engine.open();
    const app = await buildTestApp(database, env, { now: () => now });
    const admin = await signedInUser(database.db, "admin", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/events/small-workshop/messages",
        headers: { "x-access-token": admin.accessToken },
        payload: { subject: "Hi", message: "Hello" },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: eventTexts.mailNotSetUp });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
