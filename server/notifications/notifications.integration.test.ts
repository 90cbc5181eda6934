import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { leadOutbox } from "../leads/lead-notification.ts";
import { testEngines } from "../test-support/databases.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { processOutbox } from "./outbox.ts";
import { smtpSender } from "./smtp.ts";

const settings = {
  notifyEmail: "owner@fineline.studio",
  siteUrl: "https://fineline.studio",
  kinds: leadOutbox,
};
/** A message as its reader sees it: quoted-printable soft line breaks and =XX escapes undone. */
const readable = (raw: string) =>
  raw
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const lead = {
  firstName: "Rosa",
  lastName: "Delgado",
  email: "rosa@bakery.example",
  message: "Hello",
  sourcePage: "/home",
};

describe.each(testEngines)("lead notifications on $name", (engine) => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    database = await engine.open();
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await database.close();
    await smtp.close();
  });

  it("e-mails the owner once per new lead, with the visitor only as Reply-To", async () => {
    app = await buildTestApp(database, {
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: settings.notifyEmail,
      // Only lead notifications here; the digest and the instant reply have their own tests.
      DIGEST_HOUR: "off",
      AUTO_REPLY: "off",
    });
    const post = () => app?.inject({ method: "POST", url: "/api/leads/contact-us", payload: lead });
    expect((await post())?.statusCode).toBe(201);
    expect((await post())?.statusCode).toBe(201); // a repeat: stored once, so mailed once
    await app.outbox?.idle();
    await expect.poll(() => smtp.received.length).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["owner@fineline.studio"]);
    expect(mail?.raw).toMatch(/^Subject: New lead: Rosa Delgado\r?$/m);
    expect(mail?.raw).toMatch(/^Reply-To: Rosa Delgado <rosa@bakery\.example>\r?$/m);
    expect(mail?.raw).toMatch(/^To: owner@fineline\.studio\r?$/m);
  });

  it("says when the lead arrived on the owner's clock, and links to that lead", async () => {
    // 18:01 UTC on Wednesday 25 November 2026 is 1:01 pm in New York (EST).
    const arrived = new Date("2026-11-25T18:01:45.000Z");
    app = await buildTestApp(
      database,
      {
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: settings.notifyEmail,
        SITE_URL: settings.siteUrl,
        TIMEZONE: "America/New_York",
        DIGEST_HOUR: "off",
        AUTO_REPLY: "off",
      },
      { now: () => arrived },
    );
    const res = await app.inject({ method: "POST", url: "/api/leads/contact-us", payload: lead });
    expect(res.statusCode).toBe(201);
    await app.outbox?.idle();
    await expect.poll(() => smtp.received.length).toBe(1);
    const { id } = await database.db.selectFrom("leads").select("id").executeTakeFirstOrThrow();
    const text = readable(smtp.received[0]?.raw ?? "");
    expect(text).toMatch(/^Received: Wed, Nov 25, 1:01 PM\r?$/m);
    expect(text).toMatch(
      new RegExp(`^Lead: https://fineline\\.studio/admin/leads\\?lead=${id}\r?$`, "m"),
    );
  });

  it("adds the year to a lead from another year, as when one comes back from spam", async () => {
    await createContactLead(database.db, lead, {
      notify: true,
      now: new Date("2026-12-31T23:30:00.000Z"),
    });
    const smtpSend = smtpSender(smtp.url);
    await processOutbox(
      database.db,
      smtpSend.send,
      { ...settings, timeZone: "Europe/Berlin" },
      new Date("2027-01-02T09:00:00.000Z"),
    );
    smtpSend.close();
    // 23:30 UTC on New Year's Eve is already 1 January 2027 in Berlin: this year there.
    expect(readable(smtp.received[0]?.raw ?? "")).toMatch(/^Received: Fri, Jan 1, 12:30 AM\r?$/m);

    await database.db.deleteFrom("outbox").execute();
    await createContactLead(
      database.db,
      { ...lead, email: "jo@bakery.example" },
      { notify: true, now: new Date("2026-12-31T21:30:00.000Z") },
    );
    const again = smtpSender(smtp.url);
    await processOutbox(
      database.db,
      again.send,
      { ...settings, timeZone: "Europe/Berlin" },
      new Date("2027-01-02T09:00:00.000Z"),
    );
    again.close();
    expect(readable(smtp.received[1]?.raw ?? "")).toMatch(
      /^Received: Thu, Dec 31, 2026, 10:30 PM\r?$/m,
    );
  });

  it("keeps line breaks in names out of the headers (no header injection)", async () => {
    const evil = {
      ...lead,
      firstName: "Rosa\r\nBcc: victim@evil.example",
      lastName: "X\nSubject: spam",
    };
    await createContactLead(database.db, evil, { notify: true });
    const smtpSend = smtpSender(smtp.url);
    await processOutbox(database.db, smtpSend.send, settings);
    smtpSend.close();
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["owner@fineline.studio"]);
    expect(mail?.raw).not.toMatch(/^Bcc:/im);
    expect(mail?.raw.match(/^Subject:/gim)).toHaveLength(1);
  });

  it("retries with back-off after a failure and then delivers exactly once", async () => {
    await createContactLead(database.db, lead, { notify: true });
    const smtpSend = smtpSender(smtp.url);
    smtp.failNextMessages(1);
    const t0 = new Date();
    expect(await processOutbox(database.db, smtpSend.send, settings, t0)).toEqual({
      sent: 0,
      failed: 1,
    });
    const [row] = await database.db.selectFrom("outbox").selectAll().execute();
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row?.last_error).toMatch(/temporarily unavailable/);
    // Not due yet: nothing happens.
    expect(
      await processOutbox(database.db, smtpSend.send, settings, new Date(t0.getTime() + 1000)),
    ).toEqual({ sent: 0, failed: 0 });
    // After the back-off it goes out, and never again.
    expect(
      await processOutbox(database.db, smtpSend.send, settings, new Date(t0.getTime() + 31_000)),
    ).toEqual({ sent: 1, failed: 0 });
    expect(
      await processOutbox(database.db, smtpSend.send, settings, new Date(t0.getTime() + 3_600_000)),
    ).toEqual({ sent: 0, failed: 0 });
    smtpSend.close();
    expect(smtp.received).toHaveLength(1);
  });

  it("never sends one row twice when two passes race", async () => {
    await createContactLead(database.db, lead, { notify: true });
    const smtpSend = smtpSender(smtp.url);
    const results = await Promise.all([
      processOutbox(database.db, smtpSend.send, settings),
      processOutbox(database.db, smtpSend.send, settings),
    ]);
    smtpSend.close();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a row of a kind it has no sender for, to retry, rather than dropping it", async () => {
    // A newer instance's kind, met by an older one during a rolling deploy.
    const at = new Date().toISOString();
    await database.db
      .insertInto("outbox")
      .values({
        id: "0190f1c2-0000-7000-8000-000000000001",
        kind: "from-a-newer-version",
        lead_id: null,
        payload: "{}",
        next_attempt_at: at,
        created_at: at,
      })
      .execute();
    const smtpSend = smtpSender(smtp.url);
    expect(await processOutbox(database.db, smtpSend.send, settings)).toEqual({
      sent: 0,
      failed: 1,
    });
    smtpSend.close();
    const [row] = await database.db.selectFrom("outbox").selectAll().execute();
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row?.last_error).toBe('no sender for messages of kind "from-a-newer-version"');
    expect(smtp.received).toHaveLength(0);
  });
});
