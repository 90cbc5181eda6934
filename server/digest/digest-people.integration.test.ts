import { simpleParser } from "mailparser";
import { describe, expect } from "vitest";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";

/**
 * Each person's own digest (docs/team.md, "The morning digest and replies"): owners and
 * members get what is theirs at their own address, owners also what is no one's yet, editors
 * and accounts without a role nothing; one each a day however many instances check, and none
 * for someone who left the team before theirs went. With a real SMTP server, on both engines.
 */

/** Where the studio's own e-mails come from (NOTIFY_EMAIL): no digest goes there. */
const studio = "studio@fineline.studio";
const env = {
  NOTIFY_EMAIL: studio,
  SITE_URL: "https://fineline.studio",
  TIMEZONE: "America/New_York",
  RATE_LIMIT: "off",
};
/** 8:01 am in New York on Monday 23 November 2026; the digest hour is 8. */
const morning = new Date("2026-11-23T13:01:00Z");
let clock = morning;
const deps = { now: () => clock, digestIntervalMs: 3_600_000, outboxIntervalMs: 3_600_000 };

describe.each(testEngines)("each person's digest on $name", (engine) => {
  const test = engineTest(engine, { smtp: true, env, deps })
    .extend(
      "person",
      ({ database, app }) =>
        async (role: "member" | "editor" | "user", name: string) =>
          signedInUser(database.db, role, `${name}@fineline.studio`, app.tokens),
    )
    /** A lead that came in before the hour, as `changes` left it, with a call today if asked. */
    .extend(
      "lead",
      ({ database }) =>
        async (
          name: string,
          changes: {
            assignedTo?: string;
            followUp?: string;
            comm?: "UNREAD" | "REPLIED" | "CONVERSING";
            replyUnread?: boolean;
            call?: boolean;
          } = {},
        ) => {
          const { id } = await createContactLead(
            database.db,
            {
              firstName: name,
              lastName: "Baker",
              email: `${name.toLowerCase()}@bakery.example`,
              message: "Hello",
              sourcePage: "/",
            },
            { now: new Date("2026-11-23T10:00:00Z"), notify: false },
          );
          await database.db
            .updateTable("leads")
            .set({
              assigned_to: changes.assignedTo ?? null,
              next_follow_up: changes.followUp ?? null,
              comm_status: changes.comm ?? "UNREAD",
              reply_unread_at: changes.replyUnread ? "2026-11-23T11:00:00.000Z" : null,
            })
            .where("id", "=", id)
            .execute();
          if (changes.call)
            await database.db
              .insertInto("meetings")
              .values({
                id: uuidv7(),
                lead_id: id,
                // 10:00–10:30 in New York.
                start_at: "2026-11-23T15:00:00.000Z",
                end_at: "2026-11-23T15:30:00.000Z",
                day: "2026-11-23",
                status: "booked",
                token_hash: id.replace(/-/g, "").padEnd(64, "0"),
                visitor_time_zone: null,
                cancelled_by: null,
                created_at: "2026-11-20T10:00:00.000Z",
                updated_at: "2026-11-20T10:00:00.000Z",
              })
              .execute();
          return id;
        },
    )
    /** Every digest sent so far, parsed, by whom it went to. */
    .extend("digests", ({ smtp }) => async () => {
      const mails = smtp.received.filter((mail) => /Subject: Your morning/.test(mail.raw));
      return Promise.all(
        mails.map(async (mail) => ({ ...(await simpleParser(mail.raw)), rcpt: mail.to })),
      );
    });

  test("each owner and member gets theirs, an owner also no one's; editors and others none; once a day", async ({
    app,
    database,
    smtp,
    admin,
    person,
    lead,
    digests,
  }) => {
    clock = morning;
    const mia = await person("member", "mia");
    const leo = await person("member", "leo");
    const kai = await person("member", "kai"); // nothing of his today
    const eve = await person("editor", "eve");
    const sam = await person("user", "sam");
    await lead("MiaNew", { assignedTo: mia.id });
    await lead("MiaLate", {
      assignedTo: mia.id,
      comm: "REPLIED",
      followUp: "2026-11-20",
      call: true,
    });
    await lead("LeoToday", { assignedTo: leo.id, comm: "CONVERSING", followUp: "2026-11-23" });
    await lead("LeoReply", { assignedTo: leo.id, comm: "CONVERSING", replyUnread: true });
    await lead("OwnToday", { assignedTo: admin.id, comm: "REPLIED", followUp: "2026-11-23" });
    await lead("NobodyNew");
    await lead("NobodyLate", { comm: "REPLIED", followUp: "2026-11-19", call: true });
    // Tomorrow's follow-up is no one's news today.
    await lead("MiaTomorrow", { assignedTo: mia.id, comm: "REPLIED", followUp: "2026-11-24" });

    await app.digest?.check();
    await app.outbox?.idle();
    const sent = await digests();
    const to = (address: string) => sent.filter((mail) => mail.rcpt.includes(address));

    const [miaMail, ...miaMore] = to("mia@fineline.studio");
    expect(miaMore).toHaveLength(0);
    expect(miaMail?.subject).toBe("Your morning: 1 call, 1 new lead, 1 overdue");
    expect(miaMail?.text).toContain("Good morning, Nora. Here is where your leads stand");
    expect(miaMail?.text).toContain("Calls today (1)\n- MiaLate Baker");
    expect(miaMail?.text).toContain("- MiaNew Baker");
    expect(miaMail?.text).not.toMatch(/Leo|Own|Nobody|MiaTomorrow|NO ONE'S YET/);

    const [leoMail, ...leoMore] = to("leo@fineline.studio");
    expect(leoMore).toHaveLength(0);
    expect(leoMail?.subject).toBe("Your morning: 1 reply, 1 due today");
    expect(leoMail?.text).toContain("- LeoReply Baker");
    expect(leoMail?.text).toContain("- LeoToday Baker");
    expect(leoMail?.text).not.toMatch(/Mia|Own|Nobody|NO ONE'S YET/);

    const [ownerMail, ...ownerMore] = to("admin@fineline.studio");
    expect(ownerMore).toHaveLength(0);
    expect(ownerMail?.subject).toBe(
      "Your morning: 1 due today; no one's yet: 1 call, 1 new lead, 1 overdue",
    );
    const [own, noOnes] = (ownerMail?.text ?? "").split("NO ONE'S YET");
    expect(own).toContain("Follow-ups due today (1)\n- OwnToday Baker");
    expect(own).not.toMatch(/Nobody|Mia|Leo/);
    expect(noOnes).toContain("Calls today (1)\n- NobodyLate Baker");
    expect(noOnes).toContain("- NobodyNew Baker");
    expect(noOnes).not.toMatch(/Mia|Leo|OwnToday/);
    expect(ownerMail?.html).toContain("No one&#39;s yet");

    // Nothing for an empty morning, an editor, an account without a role, or NOTIFY_EMAIL.
    expect(sent).toHaveLength(3);
    for (const address of ["kai", "eve", "sam"].map((name) => `${name}@fineline.studio`))
      expect(to(address)).toHaveLength(0);
    expect(to(studio)).toHaveLength(0);
    const rows = await database.db
      .selectFrom("outbox")
      .select(["dedupe_key", "last_error"])
      .where("kind", "=", "personal-digest")
      .execute();
    expect(rows.map((row) => row.dedupe_key).sort()).toEqual(
      [admin.id, mia.id, leo.id, kai.id].map((id) => `2026-11-23:${id}`).sort(),
    );
    expect(rows.find((row) => row.dedupe_key?.endsWith(kai.id))?.last_error).toBe(
      "nothing to report",
    );
    for (const id of [eve.id, sam.id])
      expect(rows.some((row) => row.dedupe_key?.endsWith(id))).toBe(false);

    // Later that day, this instance and two more on the same database, checking at once.
    clock = new Date("2026-11-23T18:00:00Z");
    const others = await Promise.all(
      [0, 1].map(() =>
        buildTestApp(database, { JWT_SECRET: testSecret, SMTP_URL: smtp.url, ...env }, deps),
      ),
    );
    try {
      await Promise.all([app, ...others].map((each) => each.digest?.check()));
      await Promise.all([app, ...others].map((each) => each.outbox?.idle()));
    } finally {
      for (const other of others) await other.close();
    }
    expect(await digests()).toHaveLength(3);
  });

  test("someone who leaves the team, or becomes an editor, before theirs goes gets nothing", async ({
    app,
    database,
    smtp,
    admin,
    person,
    lead,
    digests,
  }) => {
    clock = morning;
    const mia = await person("member", "mia");
    const leo = await person("member", "leo");
    await lead("MiaNew", { assignedTo: mia.id });
    await lead("LeoNew", { assignedTo: leo.id });
    await lead("OwnNew", { assignedTo: admin.id });
    // Queued at the hour, but the mail server refuses everything for now.
    smtp.failNextMessages(100);
    await app.digest?.check();
    await app.outbox?.idle();
    expect(await digests()).toHaveLength(0);

    await database.db.updateTable("users").set({ role: "user" }).where("id", "=", mia.id).execute();
    await database.db
      .updateTable("users")
      .set({ role: "editor" })
      .where("id", "=", leo.id)
      .execute();
    smtp.failNextMessages(0);
    clock = new Date("2026-11-23T14:00:00Z");
    await database.db.updateTable("outbox").set({ next_attempt_at: clock.toISOString() }).execute();
    app.outbox?.poke();
    await app.outbox?.idle();

    const sent = await digests();
    expect(sent.map((mail) => mail.rcpt)).toEqual([["admin@fineline.studio"]]);
    const rows = await database.db
      .selectFrom("outbox")
      .select(["dedupe_key", "last_error", "sent_at"])
      .where("kind", "=", "personal-digest")
      .execute();
    for (const id of [mia.id, leo.id])
      expect(rows.find((row) => row.dedupe_key === `2026-11-23:${id}`)).toMatchObject({
        last_error: "they are no longer on the team",
      });
  });
});
