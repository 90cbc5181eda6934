import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.ts";
import { replyTokenFor, replyTokenKey } from "../mail/reply-token.ts";
import { testEngines } from "../test-support/databases.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret, testTokens } from "../test-support/tokens.ts";

// Thursday 26 November 2026, 08:00 in New York.
const booked = new Date("2026-11-26T13:00:00.000Z");
// Monday 30 November in New York: 10:00, then 11:00.
const at10 = "2026-11-30T15:00:00.000Z";
const at11 = "2026-11-30T16:00:00.000Z";

/** A received message, parsed: who it went to, its text, and its calendar part unfolded. */
async function parse(raw: string) {
  const mail = await simpleParser(raw);
  const calendar = [mail.attachments.find((part) => part.contentType.startsWith("text/calendar"))]
    .filter((part) => part !== undefined)
    .map((part) =>
      part.content
        .toString("utf8")
        .replace(/\r\n[ \t]/g, "")
        .split("\r\n"),
    )[0];
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return {
    from: mail.from?.value[0],
    replyTo: mail.replyTo?.value[0],
    to: to?.text ?? "",
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    calendar,
  };
}
const field = (lines: string[] | undefined, name: string) =>
  lines?.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);

describe.each(testEngines)("booking e-mails on $name", (engine) => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  let clock = booked;

  beforeEach(async () => {
    clock = booked;
    database = await engine.open();
    smtp = await startSmtp();
    app = await buildTestApp(
      database,
      {
        JWT_SECRET: testSecret,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: "owner@fineline.studio",
        SITE_URL: "https://fineline.studio",
        TIMEZONE: "America/New_York",
        DIGEST_HOUR: "off",
      },
      { now: () => clock, outboxIntervalMs: 3_600_000 },
    );
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  /** Runs the outbox until it rests, and parses what arrived since `from`. */
  const delivered = async (from: number) => {
    app.outbox?.poke();
    await app.outbox?.idle();
    return Promise.all(smtp.received.slice(from).map((mail) => parse(mail.raw)));
  };

  it("sends the visitor's address nothing anyone typed: not the names, not the message", async () => {
    // Anyone can book with anyone's address: the names are a stranger's words to that inbox.
    const res = await app.inject({
      method: "POST",
      url: "/api/booking",
      payload: {
        email: "rosa@bakery.example",
        firstName: "Visit cheap-pills.example",
        lastName: "Markerlast",
        message: "Markermessage",
        start: at10,
      },
    });
    expect(res.statusCode).toBe(201);
    const token = String(res.json().booking.manageUrl).split("/").at(-1) ?? "";
    // Every e-mail the address gets: booked, moved, the reminder, canceled.
    await delivered(0);
    const moved = await app.inject({
      method: "POST",
      url: `/api/booking/${token}/reschedule`,
      payload: { start: at11 },
    });
    expect(moved.statusCode).toBe(200);
    await delivered(0);
    clock = new Date("2026-11-29T16:00:00.000Z");
    await delivered(0);
    await app.inject({ method: "POST", url: `/api/booking/${token}/cancel`, payload: {} });
    const mails = await delivered(0);
    const visitor = mails.filter((each) => each.to === "rosa@bakery.example");
    expect(visitor.map((mail) => mail.subject)).toEqual([
      "Your free call is booked",
      "Your free call has moved",
      "Reminder: your free call",
      "Your free call is canceled",
    ]);
    for (const mail of visitor) {
      const everything = [mail.subject, mail.text, mail.html, ...(mail.calendar ?? [])].join("\n");
      expect(everything).not.toMatch(/cheap-pills|Markerlast|Markermessage/);
      expect(mail.text.startsWith("Hello,")).toBe(true);
    }
    // The owner's copy names who booked.
    const owner = mails.find((mail) => mail.to === "owner@fineline.studio");
    expect(owner?.text).toContain("Markerlast");
  });

  it("sends the visitor's e-mails from MAIL_FROM, their answers to REPLY_TO for the lead", async () => {
    await app.close();
    app = await buildTestApp(
      database,
      {
        JWT_SECRET: testSecret,
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: "owner@fineline.studio",
        MAIL_FROM: "hello@fineline.studio",
        REPLY_TO: "hello+{token}@fineline.studio",
        SITE_URL: "https://fineline.studio",
        TIMEZONE: "America/New_York",
        DIGEST_HOUR: "off",
      },
      { now: () => clock, outboxIntervalMs: 3_600_000 },
    );
    const res = await app.inject({
      method: "POST",
      url: "/api/booking",
      payload: {
        email: "rosa@bakery.example",
        firstName: "Rosa",
        lastName: "Delgado",
        start: at10,
      },
    });
    expect(res.statusCode).toBe(201);
    const token = String(res.json().booking.manageUrl).split("/").at(-1) ?? "";
    const meeting = await database.db
      .selectFrom("meetings")
      .select("lead_id")
      .executeTakeFirstOrThrow();
    const replyTo = `hello+${replyTokenFor(replyTokenKey(testTokens.key), meeting.lead_id)}@fineline.studio`;
    await delivered(0);
    await app.inject({ method: "POST", url: `/api/booking/${token}/cancel`, payload: {} });
    const mails = await delivered(0);
    const visitor = mails.filter((mail) => mail.to === "rosa@bakery.example");
    expect(visitor.map((mail) => mail.subject)).toEqual([
      "Your free call is booked",
      "Your free call is canceled",
    ]);
    for (const mail of visitor) {
      expect(mail.from).toMatchObject({
        name: "Fineline Studio",
        address: "hello@fineline.studio",
      });
      expect(mail.replyTo).toMatchObject({ name: "Fineline Studio", address: replyTo });
      // The invite's answers (accept, decline) go to the studio's address too.
      expect(mail.calendar?.find((line) => line.startsWith("ORGANIZER"))).toBe(
        'ORGANIZER;CN="Fineline Studio":mailto:hello@fineline.studio',
      );
    }
    // The owner's own copies still come from NOTIFY_EMAIL, answering to the visitor.
    const owner = mails.filter((mail) => mail.to === "owner@fineline.studio");
    expect(owner.length).toBe(2);
    for (const mail of owner) {
      expect(mail.from).toMatchObject({ address: "owner@fineline.studio" });
      expect(mail.replyTo).toMatchObject({ name: "Rosa Delgado", address: "rosa@bakery.example" });
    }
  });

  it("invites both, moves with a higher SEQUENCE, cancels with CANCEL, and reminds once", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/booking",
      payload: {
        email: "rosa@bakery.example",
        firstName: "Rosa",
        lastName: "Delgado",
        message: '=HYPERLINK("evil") <script>alert(1)</script>',
        start: at10,
        timeZone: "Europe/Madrid",
      },
    });
    expect(res.statusCode).toBe(201);
    const manageUrl: string = res.json().booking.manageUrl;
    const token = manageUrl.split("/").at(-1) ?? "";

    const invites = await delivered(0);
    expect(invites.map((mail) => mail.to).sort()).toEqual([
      "owner@fineline.studio",
      "rosa@bakery.example",
    ]);
    const visitor = invites.find((mail) => mail.to === "rosa@bakery.example");
    expect(visitor?.subject).toBe("Your free call is booked");
    // In the visitor's zone: 10:00 in New York is 16:00 in Madrid.
    expect(visitor?.text).toContain("Mon, Nov 30, 4:00 PM (Europe/Madrid)");
    expect(visitor?.text).toContain(manageUrl);
    // What the visitor typed is never sent back to the address they gave.
    expect(visitor?.text).not.toContain("HYPERLINK");
    expect(field(visitor?.calendar, "METHOD")).toBe("REQUEST");
    expect(field(visitor?.calendar, "SEQUENCE")).toBe("0");
    expect(field(visitor?.calendar, "DTSTART")).toBe("20261130T150000Z");
    const uid = field(visitor?.calendar, "UID");
    expect(uid).toMatch(/^meeting-.+@fineline\.studio$/);
    const owner = invites.find((mail) => mail.to === "owner@fineline.studio");
    expect(owner?.text).toContain("booked a call for Mon, Nov 30, 10:00 AM");
    expect(field(owner?.calendar, "UID")).toBe(uid);

    const moved = await app.inject({
      method: "POST",
      url: `/api/booking/${token}/reschedule`,
      payload: { start: at11 },
    });
    expect(moved.statusCode).toBe(200);
    const updates = await delivered(2);
    expect(updates).toHaveLength(2);
    for (const mail of updates) {
      expect(field(mail.calendar, "METHOD")).toBe("REQUEST");
      expect(field(mail.calendar, "UID")).toBe(uid);
      expect(field(mail.calendar, "SEQUENCE")).toBe("1");
      expect(field(mail.calendar, "DTSTART")).toBe("20261130T160000Z");
    }

    // A day before the new time, one reminder: the first time's reminder is never sent.
    clock = new Date("2026-11-29T16:00:00.000Z");
    const reminders = await delivered(4);
    expect(reminders.map((mail) => [mail.to, mail.subject])).toEqual([
      ["rosa@bakery.example", "Reminder: your free call"],
    ]);
    expect(reminders[0]?.text).toContain("Mon, Nov 30, 5:00 PM (Europe/Madrid)");
    expect(await delivered(5)).toEqual([]);

    const cancelled = await app.inject({ method: "POST", url: `/api/booking/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    const cancels = await delivered(5);
    expect(cancels).toHaveLength(2);
    for (const mail of cancels) {
      expect(field(mail.calendar, "METHOD")).toBe("CANCEL");
      expect(field(mail.calendar, "STATUS")).toBe("CANCELLED");
      expect(field(mail.calendar, "SEQUENCE")).toBe("2");
      expect(field(mail.calendar, "UID")).toBe(uid);
    }
    // A second cancel sends nothing more.
    await app.inject({ method: "POST", url: `/api/booking/${token}/cancel` });
    expect(await delivered(7)).toEqual([]);
  });
});
