import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import { type Dovecot, dovecotMissing, startDovecot } from "../test-support/dovecot.ts";
import { type MailboxApp, openMailboxApp } from "../test-support/mailbox-app.ts";
import { rawMail } from "../test-support/raw-mail.ts";
import { startReceiver } from "../test-support/webhook-receiver.ts";

/**
 * `message.received` (docs/integrations.md, "The events"): a visitor's reply, read from a real
 * mailbox (Dovecot), reaches a real receiver once, signed. Both engines.
 */
describe.skipIf(dovecotMissing)("the message.received webhook (Dovecot)", () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
  });
  afterAll(async () => {
    await dovecot?.close();
  });

  describe.each(testEngines)("on $name", (engine) => {
    let t: MailboxApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    afterEach(async () => {
      await t?.close();
      await receiver?.close();
    });

    it("posts a visitor's reply once, signed, with the lead it joined", async () => {
      receiver = await startReceiver();
      t = await openMailboxApp(engine, dovecot, { WEBHOOK_PRIVATE_TARGETS: "127.0.0.1" });
      const added = await t.asAdmin("POST", "/api/webhooks", {
        url: receiver.url,
        events: ["message.received"],
      });
      expect(added.statusCode, added.body).toBe(201);
      const signer = new Webhook(added.json().webhook.secret);
      const ana = await t.contact("ana@cafe.example", "Ana");

      const reply = rawMail({
        from: "Ana <ana@cafe.example>",
        messageId: "<hooked@cafe.example>",
        body: "Tuesday at ten works for me.",
      });
      await t.deliver(reply);
      await expect.poll(async () => (await t.replies(ana)).length, { timeout: 10_000 }).toBe(1);
      await receiver.until(1, 15_000);
      const [request] = receiver.received;
      if (!request) throw new Error("no request");
      const event = signer.verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(event.type).toBe("message.received");
      expect(JSON.stringify(event.data)).toContain(ana);
      expect(JSON.stringify(event.data)).toContain("Tuesday at ten works for me.");

      // Delivered again (read twice), it joins once and is posted once.
      await t.deliver(reply);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await t.replies(ana)).toHaveLength(1);
      expect(receiver.received).toHaveLength(1);
    });
  });
});
