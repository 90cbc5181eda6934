import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { wallClock } from "../../domain/dates.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { connectDatabase, type DatabaseHandle } from "../db/connect.ts";
import { updateLead } from "../leads/lead-updates.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { makeFakeBuild } from "../test-support/fake-build.ts";
import { exited, startServerProcess } from "../test-support/server-process.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { digestDay } from "./digest.ts";

/** Where the studio's own e-mails come from (NOTIFY_EMAIL): no digest goes there. */
const studio = "studio@fineline.studio";
/** The studio's one owner, whose account gets the digest (docs/team.md). */
const owner = "owner@fineline.studio";
/** New York: 8 am on Monday 23 November 2026 is 13:00 UTC (EST). */
const at = (iso: string) => new Date(iso);

const messageIdOf = async (raw: string | undefined) => (await simpleParser(raw ?? "")).messageId;

/** Waits until `done` holds, or fails after a few seconds. */
async function eventually(done: () => boolean | Promise<boolean>, ms = 5000) {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("when the digest is due", () => {
  it("is the owner's date once their clock reaches the hour", () => {
    expect(digestDay(at("2026-11-23T12:59:00Z"), "America/New_York", 8)).toBeNull();
    expect(digestDay(at("2026-11-23T13:00:00Z"), "America/New_York", 8)).toBe("2026-11-23");
    // Late evening there, already the next day in UTC: still the 23rd's.
    expect(digestDay(at("2026-11-24T03:00:00Z"), "America/New_York", 8)).toBe("2026-11-23");
    expect(digestDay(at("2026-11-24T05:00:00Z"), "America/New_York", 8)).toBeNull();
  });

  it("follows New York's clock across daylight saving", () => {
    // 8 March 2026, clocks forward: 8 am is 12:00 UTC that day, 13:00 the day before.
    expect(digestDay(at("2026-03-07T12:30:00Z"), "America/New_York", 8)).toBeNull();
    expect(digestDay(at("2026-03-07T13:00:00Z"), "America/New_York", 8)).toBe("2026-03-07");
    expect(digestDay(at("2026-03-08T11:59:00Z"), "America/New_York", 8)).toBeNull();
    expect(digestDay(at("2026-03-08T12:00:00Z"), "America/New_York", 8)).toBe("2026-03-08");
    // 1 November 2026, clocks back: 8 am is 13:00 UTC, 12:00 the day before.
    expect(digestDay(at("2026-10-31T12:00:00Z"), "America/New_York", 8)).toBe("2026-10-31");
    expect(digestDay(at("2026-11-01T12:30:00Z"), "America/New_York", 8)).toBeNull();
    expect(digestDay(at("2026-11-01T13:00:00Z"), "America/New_York", 8)).toBe("2026-11-01");
  });
});

describe.each(testEngines)("the daily digest on $name", (engine) => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const apps: FastifyInstance[] = [];
  let clock = at("2026-11-23T12:00:00Z");
  let ownerId = "";

  beforeEach(async () => {
    database = await engine.open();
    smtp = await startSmtp();
    ownerId = (await signedInUser(database.db, "admin", owner)).id;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.close();
    await smtp.close();
  });

  /** An instance of the app on the shared database, with its own (movable) clock. */
  async function instance(env: Record<string, string> = {}) {
    const app = await buildTestApp(
      database,
      {
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: studio,
        SITE_URL: "https://fineline.studio",
        TIMEZONE: "America/New_York",
        ...env,
      },
      { now: () => clock, digestIntervalMs: 3_600_000, outboxIntervalMs: 3_600_000 },
    );
    apps.push(app);
    await app.ready();
    return app;
  }
  /** Runs an instance's digest check and lets its outbox send what it queued. */
  const settle = async (app: FastifyInstance) => {
    await app.digest?.check();
    await app.outbox?.idle();
    await app.outbox?.idle();
  };
  const digests = () => smtp.received.filter((mail) => /Subject: Your morning/.test(mail.raw));

  async function seedWork() {
    const lead = (name: string, minutesAgo: number) =>
      createContactLead(
        database.db,
        {
          firstName: name,
          lastName: "Baker",
          email: `${name.toLowerCase()}@bakery.example`,
          message: "Hello",
          sourcePage: "/",
        },
        { now: new Date(at("2026-11-23T13:00:00Z").getTime() - minutesAgo * 60_000) },
      );
    await lead("Rosa", 180); // unread for 3 h at 8 am
    const { id: jamal } = await lead("Jamal", 3 * 24 * 60);
    const { id: mei } = await lead("Mei", 5 * 24 * 60);
    const admin = { id: null, email: owner };
    await updateLead(
      database.db,
      { id: jamal, changes: { CommStatus: "REPLIED", NextFollowUp: "2026-11-20" } },
      admin,
    );
    await updateLead(
      database.db,
      { id: mei, changes: { CommStatus: "CONVERSING", NextFollowUp: "2026-11-23" } },
      admin,
    );
    return { jamal, mei };
  }

  it("sends the owner one e-mail at the hour: counts in the subject, both parts, a link to each lead", async () => {
    const { jamal } = await seedWork();
    clock = at("2026-11-23T12:59:00Z"); // 7:59 in New York
    const app = await instance();
    await settle(app);
    expect(digests()).toHaveLength(0);
    clock = at("2026-11-23T13:01:00Z"); // 8:01
    await settle(app);
    await eventually(() => digests().length === 1);
    const [mail] = digests();
    // At the owner's own address, not NOTIFY_EMAIL's; the leads are no one's yet.
    expect(mail?.to).toEqual([owner]);
    // Quoted-printable: soft line breaks out, =XX back to characters.
    const raw = (mail?.raw ?? "")
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    expect(raw).toMatch(/Subject: Your morning: no one's yet: 1 new lead, 1 overdue, 1 due today/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain("Rosa Baker <rosa@bakery.example>, waiting 3 h");
    expect(raw).toContain("Here is where your leads stand on Mon, Nov 23.");
    expect(raw).toContain("NO ONE'S YET");
    expect(raw).toContain("was due Fri, Nov 20");
    expect(raw).toContain(`https://fineline.studio/admin/leads?lead=${jamal}`);
    expect((await simpleParser(mail?.raw ?? "")).messageId).toBe(
      `<digest-2026-11-23-${ownerId}@fineline.studio>`,
    );
    // Later checks that day, by this instance or another, send nothing more.
    clock = at("2026-11-23T18:00:00Z");
    await settle(app);
    await settle(await instance());
    expect(digests()).toHaveLength(1);
  });

  it("survives a restart across the hour, and two instances at once, with one e-mail a day", async () => {
    await seedWork();
    clock = at("2026-11-23T12:55:00Z");
    const before = await instance();
    await settle(before);
    await before.close();
    apps.splice(apps.indexOf(before), 1);
    // Back after the hour: two instances start together.
    clock = at("2026-11-23T13:10:00Z");
    const [a, b] = await Promise.all([instance(), instance()]);
    await Promise.all([settle(a as FastifyInstance), settle(b as FastifyInstance)]);
    await eventually(() => digests().length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(digests()).toHaveLength(1);
    // The next morning brings the next day's, once.
    clock = at("2026-11-24T13:00:00Z");
    await Promise.all([settle(a as FastifyInstance), settle(b as FastifyInstance)]);
    await eventually(() => digests().length === 2);
    expect(await messageIdOf(digests()[1]?.raw)).toMatch(`<digest-2026-11-24-${ownerId}@`);
  });

  it("sends the day's digest late if the server was down at the hour, but never the day after", async () => {
    await seedWork();
    clock = at("2026-11-23T20:00:00Z"); // 3 pm: down at 8, back now
    await settle(await instance());
    await eventually(() => digests().length === 1);
    // Down all of the next morning, back at 2 am on the 25th: too late for the 24th, too early
    // for the 25th.
    clock = at("2026-11-25T07:00:00Z");
    await settle(await instance());
    await new Promise((r) => setTimeout(r, 200));
    expect(digests()).toHaveLength(1);
  });

  it("never sends a day's digest after that day, even when the mail server failed until then", async () => {
    await seedWork();
    smtp.failNextMessages(100);
    clock = at("2026-11-24T04:30:00Z"); // 11:30 pm in New York: the 23rd's, just in time
    const app = await instance({ DIGEST_HOUR: "23" });
    await settle(app);
    expect(digests()).toHaveLength(0);
    // The retry comes after midnight there: the 23rd is over, its digest is dropped.
    smtp.failNextMessages(0);
    clock = at("2026-11-24T06:00:00Z");
    await database.db.updateTable("outbox").set({ next_attempt_at: clock.toISOString() }).execute();
    app.outbox?.poke();
    await app.outbox?.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(digests()).toHaveLength(0);
    const [row] = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "personal-digest")
      .execute();
    expect(row).toMatchObject({
      dedupe_key: `2026-11-23:${ownerId}`,
      last_error: "too late: the day is over",
    });
    // The 24th's goes at its own hour.
    clock = at("2026-11-25T04:05:00Z");
    await settle(app);
    await eventually(() => digests().length === 1);
    expect(await messageIdOf(digests()[0]?.raw)).toMatch(`<digest-2026-11-24-${ownerId}@`);
  });

  it("sends nothing on a day with nothing to report", async () => {
    clock = at("2026-11-23T14:00:00Z");
    const app = await instance();
    await settle(app);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(0);
    const [row] = await database.db.selectFrom("outbox").selectAll().execute();
    expect(row).toMatchObject({
      kind: "personal-digest",
      dedupe_key: `2026-11-23:${ownerId}`,
      last_error: "nothing to report",
    });
    expect(row?.sent_at).not.toBeNull();
  });

  it("goes out at the hour of DIGEST_HOUR, and not at all with DIGEST_HOUR=off", async () => {
    await seedWork();
    clock = at("2026-11-23T15:30:00Z"); // 10:30 in New York
    const early = await instance({ DIGEST_HOUR: "11" });
    await settle(early);
    expect(digests()).toHaveLength(0);
    const off = await instance({ DIGEST_HOUR: "off" });
    expect(off.digest).toBeNull();
    clock = at("2026-11-23T16:00:00Z");
    await settle(early);
    await eventually(() => digests().length === 1);
  });
});

describe("the digest with two real server processes", () => {
  it("is sent once when both start after the hour", async () => {
    const smtp = await startSmtp();
    const buildDir = makeFakeBuild();
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-digest-"));
    // The hour that has just begun where the owner is (UTC here): both processes find it due.
    const now = new Date();
    if (now.getUTCMinutes() === 59)
      await new Promise((r) => setTimeout(r, 61_000 - now.getUTCSeconds() * 1000));
    const hour = wallClock(new Date(), "UTC").hour;
    // Something to report, written before the processes start (and migrate the same file).
    const seeded = await connectDatabase({ dataDir, databaseUrl: undefined });
    await createContactLead(seeded.db, {
      firstName: "Rosa",
      lastName: "Baker",
      email: "rosa@bakery.example",
      message: "Hello",
      sourcePage: "/",
    });
    await signedInUser(seeded.db, "admin", owner);
    await seeded.close();
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: studio,
      DIGEST_HOUR: String(hour),
      TIMEZONE: "UTC",
      PORT: "0",
      LOG_LEVEL: "info",
      JWT_SECRET: "x".repeat(40),
    };
    const root = path.dirname(buildDir);
    const processes = [startServerProcess(env, root), startServerProcess(env, root)];
    try {
      await Promise.all(processes.map((p) => p.url()));
      await eventually(
        () => smtp.received.filter((mail) => /Subject: Your morning/.test(mail.raw)).length >= 1,
        10_000,
      );
      await new Promise((r) => setTimeout(r, 1000));
      // Every new lead's notification aside, one digest between them.
      const digests = smtp.received.filter((mail) => /Subject: Your morning/.test(mail.raw));
      expect(digests).toHaveLength(1);
      expect(digests[0]?.to).toEqual([owner]);
    } finally {
      for (const p of processes) p.child.kill("SIGTERM");
      await Promise.all(processes.map((p) => exited(p.child)));
      await smtp.close();
    }
  }, 90_000);
});
