import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import { type Dovecot, dovecotMissing, startDovecot } from "../test-support/dovecot.ts";
import { type MailboxApp, openMailboxApp } from "../test-support/mailbox-app.ts";
import { rawMail } from "../test-support/raw-mail.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { replyNoticeKind } from "./replies.repository.ts";

/**
 * A visitor's reply, read from a real mailbox (Dovecot), tells the lead's owner once
 * (docs/team.md, "The morning digest and replies"); a lead of no one's tells no one. On both
 * engines, with a real SMTP server.
 */

/** More than the notice quotes: it is cut at 300 characters. */
const longReply = `Thanks! Tuesday works for me. ${"We also need a booking page for the weekend classes. ".repeat(8)}END-OF-REPLY`;

describe.skipIf(dovecotMissing)("the owner told of a reply (Dovecot)", () => {
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

    /** The notices of replies sent so far, parsed, with whom each went to. */
    const notices = async () => {
      t.app.outbox?.poke();
      await t.app.outbox?.idle();
      const mails = t.smtp.received.filter((mail) => /Subject: .* replied/.test(mail.raw));
      return Promise.all(
        mails.map(async (mail) => ({ ...(await simpleParser(mail.raw)), rcpt: mail.to })),
      );
    };

    it("e-mails a reply's lead's owner once, with its start and a link; no one for a lead of no one's", async () => {
      t = await openMailboxApp(engine, dovecot);
      const mia = await signedInUser(t.database.db, "member", "mia@fineline.studio", t.app.tokens);
      const ana = await t.contact("ana@cafe.example", "Ana");
      const bo = await t.contact("bo@barber.example", "Bo");
      const given = await t.asAdmin("POST", `/api/leads/update/${ana}`, { AssignedTo: mia.id });
      expect(given.statusCode, given.body).toBe(200);

      const first = rawMail({
        from: "Ana <ana@cafe.example>",
        messageId: "<first@cafe.example>",
        body: longReply,
      });
      await t.deliver(first);
      await t.deliver(rawMail({ from: "Bo <bo@barber.example>", subject: "Question" }));
      await expect.poll(async () => (await t.replies(ana)).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(async () => (await t.replies(bo)).length, { timeout: 10_000 }).toBe(1);

      const [notice, ...more] = await notices();
      expect(more).toHaveLength(0);
      expect(notice?.rcpt).toEqual(["mia@fineline.studio"]);
      expect(notice?.subject).toBe("Ana Delgado replied");
      expect(notice?.text).toContain("> Thanks! Tuesday works for me. We also need");
      expect(notice?.text).toContain("…");
      expect(notice?.text).not.toContain("END-OF-REPLY");
      expect(notice?.text).toMatch(new RegExp(`/admin/leads\\?lead=${ana}$`, "m"));
      expect(String(notice?.html)).toContain(`/admin/leads?lead=${ana}"`);
      const [row, ...rows] = await t.database.db
        .selectFrom("outbox")
        .selectAll()
        .where("kind", "=", replyNoticeKind)
        .execute();
      expect(rows).toHaveLength(0);
      expect(row).toMatchObject({ lead_id: ana, dedupe_key: "<first@cafe.example>" });

      // The same message again (delivered twice, read again) joins once and tells no one more;
      // a new reply is news again.
      await t.deliver(first);
      await t.deliver(
        rawMail({ from: "ana@cafe.example", messageId: "<second@cafe.example>", body: "P.S." }),
      );
      await expect.poll(async () => (await t.replies(ana)).length, { timeout: 10_000 }).toBe(2);
      const all = await notices();
      expect(all.map((mail) => mail.rcpt)).toEqual([
        ["mia@fineline.studio"],
        ["mia@fineline.studio"],
      ]);
      expect(all[1]?.text).toContain("> P.S.");
    });

    it("tells no one once the lead is someone else's, its owner has left, or the reply was read", async () => {
      t = await openMailboxApp(engine, dovecot);
      const db = t.database.db;
      const mia = await signedInUser(db, "member", "mia@fineline.studio", t.app.tokens);
      const leo = await signedInUser(db, "member", "leo@fineline.studio", t.app.tokens);
      const ana = await t.contact("ana@cafe.example", "Ana");
      const cy = await t.contact("cy@studio.example", "Cy");
      const dee = await t.contact("dee@shop.example", "Dee");
      for (const [id, owner] of [
        [ana, mia.id],
        [cy, leo.id],
        [dee, mia.id],
      ] as const)
        await db.updateTable("leads").set({ assigned_to: owner }).where("id", "=", id).execute();
      // Hold the outbox: nothing goes until the changes below are made.
      t.smtp.failNextMessages(100);
      for (const [from, id] of [
        ["ana@cafe.example", "<a@cafe.example>"],
        ["cy@studio.example", "<c@studio.example>"],
        ["dee@shop.example", "<d@shop.example>"],
      ] as const)
        await t.deliver(rawMail({ from, messageId: id }));
      for (const id of [ana, cy, dee])
        await expect.poll(async () => (await t.replies(id)).length, { timeout: 10_000 }).toBe(1);
      await t.app.outbox?.idle();
      expect(
        await db.selectFrom("outbox").where("kind", "=", replyNoticeKind).select("id").execute(),
      ).toHaveLength(3);

      await db.updateTable("leads").set({ assigned_to: leo.id }).where("id", "=", ana).execute();
      await db.updateTable("users").set({ role: "editor" }).where("id", "=", leo.id).execute();
      await db.updateTable("leads").set({ reply_unread_at: null }).where("id", "=", dee).execute();
      t.smtp.failNextMessages(0);
      await db
        .updateTable("outbox")
        .set({ next_attempt_at: new Date().toISOString() })
        .where("kind", "=", replyNoticeKind)
        .execute();
      expect(await notices()).toHaveLength(0);
      const skipped = await db
        .selectFrom("outbox")
        .select(["dedupe_key", "last_error"])
        .where("kind", "=", replyNoticeKind)
        .orderBy("dedupe_key")
        .execute();
      expect(skipped).toEqual([
        { dedupe_key: "<a@cafe.example>", last_error: "the lead is someone else's now" },
        { dedupe_key: "<c@studio.example>", last_error: "they are no longer on the team" },
        { dedupe_key: "<d@shop.example>", last_error: "read already" },
      ]);
    });
  });
});
