import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { automaticMail } from "../test-support/automatic-mail.ts";
import { testEngines } from "../test-support/databases.ts";
import { type Dovecot, dovecotMissing, startDovecot } from "../test-support/dovecot.ts";
import { type MailboxApp, openMailboxApp } from "../test-support/mailbox-app.ts";
import { rawMail } from "../test-support/raw-mail.ts";

const rosa = "rosa@bakery.example";

/** What the studio's own mail server writes on a message whose From it found forged. */
const forged = [
  "Authentication-Results: mx.fineline.studio; spf=fail (203.0.113.9 is not allowed) smtp.mailfrom=bakery.example; dkim=none; dmarc=fail (p=none) header.from=bakery.example",
  "Authentication-Results: mx.fineline.studio; spf=softfail smtp.mailfrom=bakery.example; dkim=fail (bad signature) header.d=bakery.example",
  "Authentication-Results: mx.fineline.studio; spf=none; dmarc=fail header.from=bakery.example",
];
const verified =
  "Authentication-Results: mx.fineline.studio; spf=pass smtp.mailfrom=bakery.example; dkim=pass header.d=bakery.example; dmarc=pass header.from=bakery.example";

describe.skipIf(dovecotMissing)("which mail joins a lead (Dovecot)", () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot?.close();
  });

  describe.each(testEngines)("on $name", (engine) => {
    let t: MailboxApp;
    afterEach(async () => {
      await t?.close();
    });

    it("never joins 600 messages with a lead's From that its mail server found forged; the real latest reply is on the first page", async () => {
      t = await openMailboxApp(engine, dovecot);
      const id = await t.contact(rosa);
      const ours = await t.write(id);
      // Rosa writes from her own address, and her mail server vouches for it: it joins.
      await t.deliver(
        rawMail({
          from: `Rosa <${rosa}>`,
          subject: "First reply",
          messageId: "<first@bakery.example>",
          headers: [verified],
        }),
      );
      await expect.poll(async () => (await t.replies(id)).length, { timeout: 10_000 }).toBe(1);

      // Someone else writes as Rosa, 600 times. Some answer her own reply (its Message-ID is
      // known to whoever she copied): only our own Message-IDs make a thread.
      await t.deliverMany(
        Array.from({ length: 600 }, (_, n) =>
          rawMail({
            from: `Rosa <${rosa}>`,
            subject: `Spoofed ${n}`,
            body: "Please pay the invoice at https://pay.example",
            headers: [forged[n % forged.length] ?? ""],
            ...(n % 50 === 0 ? { inReplyTo: "<first@bakery.example>" } : {}),
          }),
        ),
      );
      // Her real latest reply answers our message: the thread vouches for it, whatever its From.
      await t.deliver(
        rawMail({
          from: "Rosa D <rosa.d@phone.example>",
          subject: "Latest reply",
          inReplyTo: ours,
          headers: [forged[0] ?? ""],
          body: "See you Tuesday.",
        }),
      );
      await expect
        .poll(async () => (await t.conversation(id)).at(-1)?.subject, { timeout: 60_000 })
        .toBe("Latest reply");

      const replies = await t.replies(id);
      expect(replies.map((reply) => reply.subject)).toEqual(["First reply", "Latest reply"]);
      const stored = await t.database.db
        .selectFrom("lead_messages")
        .select("subject")
        .where("direction", "=", "in")
        .execute();
      expect(stored).toHaveLength(2);
      expect(await t.lastUid()).toBe(602);

      const report = (await t.asAdmin("GET", "/api/mailbox")).json();
      expect(report.setAside).toBe(600);
      expect(report.messages).toHaveLength(100);
      for (const message of report.messages)
        expect(message).toMatchObject({
          reason: "unverified-sender",
          from: rosa,
          subject: expect.stringMatching(/^Spoofed \d+$/),
          detail: expect.stringMatching(/(spf|dkim|dmarc)=fail/),
        });
      expect(report.messages[0].subject).toBe("Spoofed 599");
      expect(await t.lead(id)).toMatchObject({ CommStatus: "CONVERSING" });
    }, 120_000);

    it("leaves out-of-office, list and bounce mail alone: the lead stays where it was", async () => {
      t = await openMailboxApp(engine, dovecot);
      const ana = await t.contact("ana@cafe.example", "Ana");
      const ours = await t.write(ana);
      const bo = await t.contact("bo@barber.example", "Bo");
      // Each answers our message, as an out-of-office does, from Ana's own address.
      await t.deliverMany(
        automaticMail.map((variant) =>
          rawMail({
            from: variant.from ?? "Ana <ana@cafe.example>",
            subject: `Automatic reply: ${variant.name}`,
            inReplyTo: ours,
            headers: variant.headers,
            body: "I am away until Monday.",
          }),
        ),
      );
      // Then a reply from a person, read after all of them.
      await t.deliver(rawMail({ from: "bo@barber.example", subject: "Question" }));
      await expect.poll(async () => (await t.replies(bo)).length, { timeout: 15_000 }).toBe(1);

      expect(await t.lastUid()).toBe(automaticMail.length + 1);
      expect(await t.replies(ana)).toEqual([]);
      expect(await t.lead(ana)).toMatchObject({ CommStatus: "REPLIED", ReplyUnreadAt: null });
      expect((await t.asAdmin("GET", "/api/mailbox")).json()).toMatchObject({ setAside: 0 });
    });
  });
});
