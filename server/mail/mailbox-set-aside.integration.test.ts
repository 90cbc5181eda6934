import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailboxTexts } from "../../domain/mailbox.ts";
import { testEngines } from "../test-support/databases.ts";
import { type Dovecot, dovecotMissing, startDovecot } from "../test-support/dovecot.ts";
import { type MailboxApp, openMailboxApp } from "../test-support/mailbox-app.ts";
import { rawMail } from "../test-support/raw-mail.ts";

const rosa = "rosa@bakery.example";
const metricsToken = "metrics-token-for-the-mailbox-suite";

describe.skipIf(dovecotMissing)("messages the mailbox cannot import (Dovecot)", () => {
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

    it("sets aside HTML nested 3,000 deep and a message of 1,100 MIME parts, and imports the reply after them", async () => {
      t = await openMailboxApp(engine, dovecot, { METRICS_TOKEN: metricsToken });
      const id = await t.contact(rosa);
      await t.deliverMany([
        // 9 KB that used to stop every reply after it, for good.
        rawMail({
          from: `Rosa <${rosa}>`,
          subject: "Deep",
          messageId: "<deep@bakery.example>",
          contentType: "text/html; charset=utf-8",
          body: `${"<b>".repeat(3000)}hi${"</b>".repeat(3000)}`,
        }),
        rawMail({
          from: rosa,
          subject: "Parts",
          contentType: 'multipart/mixed; boundary="b"',
          body: `${"--b\r\nContent-Type: text/plain\r\n\r\nx\r\n".repeat(1100)}--b--`,
        }),
        rawMail({ from: rosa, subject: "After them", body: "Tuesday works." }),
      ]);

      await expect.poll(async () => (await t.replies(id)).length, { timeout: 15_000 }).toBe(1);
      expect(await t.replies(id)).toMatchObject([
        { subject: "After them", text: "Tuesday works." },
      ]);
      await expect.poll(t.lastUid, { timeout: 5_000 }).toBe(3);

      // Listed for the owner, newest first, with why and what of their headers could be read.
      const report = (await t.asAdmin("GET", "/api/mailbox")).json();
      expect(report).toMatchObject({ watching: true, setAside: 2, lastReadAt: expect.any(String) });
      expect(report.messages).toMatchObject([
        { uid: 2, reason: "unreadable", detail: mailboxTexts.tooManyParts, subject: "Parts" },
        {
          uid: 1,
          reason: "unreadable",
          detail: mailboxTexts.tooDeep,
          from: rosa,
          subject: "Deep",
          messageId: "<deep@bakery.example>",
          size: expect.any(Number),
        },
      ]);
      expect(report.messages[1].size).toBeGreaterThan(20_000);

      // Readiness says so and stays ready; the metrics count them.
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: "ready",
        mailbox: { setAside: 2, lastReadAt: expect.any(String) },
      });
      const metrics = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(metrics.body).toContain('fineline_mailbox_set_aside_total{reason="unreadable"} 2');
      expect(metrics.body).toMatch(/^fineline_mailbox_set_aside 2$/m);
      expect(metrics.body).toMatch(/^fineline_mailbox_last_read_timestamp_seconds \d{10}/m);

      // The mailbox is as it was: nothing marked read, nothing moved.
      const inbox = await dovecot.messages(t.mailbox);
      expect(inbox).toHaveLength(3);
      for (const message of inbox) expect(message.flags).not.toContain("\\Seen");
    });

    it("reads a 9 MB message with no stall of the event loop over 100 ms", async () => {
      t = await openMailboxApp(engine, dovecot);
      const id = await t.contact(rosa);
      const body = "ça va très bien, merci — à bientôt. ".repeat(Math.ceil((9 * 1048576) / 40));
      // Made beforehand: only the app's reading of it is measured, not the test's sending.
      const raw = Buffer.from(
        rawMail({ from: rosa, subject: "Big", headers: ["Content-Transfer-Encoding: 8bit"], body }),
      );
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      await t.deliver(raw);
      await expect
        .poll(async () => (await t.replies(id)).length, { timeout: 20_000, interval: 100 })
        .toBe(1);
      delay.disable();
      const [big] = await t.replies(id);
      expect(big?.text).toMatch(/\(\d+ KB in all\) was cut\. Read it in your mailbox\.\]$/);
      console.info(`mailbox: 9 MB message read, longest event-loop stall ${delay.max / 1e6} ms`);
      expect(delay.max / 1e6).toBeLessThan(100);
    }, 40_000);

    it("reads a message again, skipping nothing, after the database failed on it", async () => {
      t = await openMailboxApp(engine, dovecot);
      const id = await t.contact(rosa);
      // The import cannot be written: as when the database is down mid-read.
      await sql`alter table lead_messages rename to lead_messages_away`.execute(t.database.db);
      await t.deliver(rawMail({ from: rosa, subject: "First" }));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await t.lastUid()).toBe(0);
      await sql`alter table lead_messages_away rename to lead_messages`.execute(t.database.db);

      await t.deliver(rawMail({ from: rosa, subject: "Second" }));
      await expect.poll(async () => (await t.replies(id)).length, { timeout: 15_000 }).toBe(2);
      expect((await t.replies(id)).map((reply) => reply.subject).sort()).toEqual([
        "First",
        "Second",
      ]);
      expect((await t.asAdmin("GET", "/api/mailbox")).json()).toMatchObject({ setAside: 0 });
    });
  });
});
