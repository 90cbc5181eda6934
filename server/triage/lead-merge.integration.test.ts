import { sql } from "kysely";
import { describe, expect } from "vitest";
import { mergeTexts } from "../../domain/lead-merge.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { limits } from "../../domain/limits.ts";
import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import { leadForIncoming } from "../mail/replies.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * Merging duplicate leads (docs/decisions/041-merging-leads.md): everything of the merged-away
 * lead moves to the kept one and nothing is lost, the old ID answers 404 with where it went,
 * and merges racing each other, an update or an erasure lose nothing. On both engines.
 */

type Seed = {
  first?: string;
  last?: string;
  email: string;
  message?: string;
  notes?: string;
  lead?: string;
  comm?: string;
  created: string;
  updated: string;
  value?: number | null;
  followUp?: string | null;
  unread?: string | null;
};

async function insertLead(db: Db, seed: Seed): Promise<string> {
  const id = uuidv7(Date.parse(seed.created));
  await db
    .insertInto("leads")
    .values({
      id,
      first_name: seed.first ?? "Ana",
      last_name: seed.last ?? "Lopes",
      email: seed.email,
      message: seed.message ?? "We need a new shop.",
      contacted_us: true,
      lead_status: seed.lead ?? "COLD",
      comm_status: seed.comm ?? "UNREAD",
      notes: seed.notes ?? "",
      source_page: null,
      created_at: seed.created,
      updated_at: seed.updated,
      next_follow_up: seed.followUp ?? null,
      value: seed.value ?? null,
      reply_unread_at: seed.unread ?? null,
    })
    .execute();
  return id;
}

async function addMessage(db: Db, leadId: string, subject: string, at: string) {
  await db
    .insertInto("lead_messages")
    .values({
      id: uuidv7(Date.parse(at)),
      lead_id: leadId,
      direction: "out",
      kind: "message",
      from_address: "studio@fineline.studio",
      to_address: "ana@example.com",
      subject,
      body: `About ${subject}`,
      message_id: `<${uuidv7()}@fineline.studio>`,
      in_reply_to: null,
      references_header: null,
      status: "sent",
      error: null,
      attachments: null,
      created_at: at,
      sent_at: at,
    })
    .execute();
}

async function addMeeting(db: Db, leadId: string, start: string, phone: string | null = null) {
  const id = uuidv7(Date.parse(start));
  await db
    .insertInto("meetings")
    .values({
      id,
      lead_id: leadId,
      start_at: start,
      end_at: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      day: start.slice(0, 10),
      status: "booked",
      token_hash: id.replaceAll("-", "").padEnd(64, "0"),
      visitor_time_zone: null,
      cancelled_by: null,
      visitor_phone: phone,
      created_at: start,
      updated_at: start,
    })
    .execute();
  return id;
}

const count = async (db: Db, table: "lead_messages" | "meetings" | "lead_events", id: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("lead_id", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testEngines)("merging leads on $name", (engine) => {
  const test = engineTest(engine, {
    env: { DIGEST_HOUR: "off", RATE_LIMIT: "off", TIMEZONE: "UTC" },
  }).extend(
    "call",
    ({ app, admin }) =>
      (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
        app.inject({
          method,
          url,
          headers: { "x-access-token": admin.accessToken },
          ...(payload ? { payload } : {}),
        }),
  );

  test("merges two leads with messages and a meeting each: everything moves, nothing is lost", async ({
    database,
    call,
    engine,
  }) => {
    const { db } = database;
    const kept = await insertLead(db, {
      email: "ana@example.com",
      notes: "Met at the fair.",
      lead: "WARM",
      comm: "REPLIED",
      created: "2026-11-01T10:00:00.000Z",
      updated: "2026-11-02T10:00:00.000Z",
      followUp: "2026-12-20",
    });
    const other = await insertLead(db, {
      first: "ANA",
      email: "Ana@Example.com",
      message: "Also a logo, please (zebracorn).",
      notes: "Wants it before March.",
      created: "2026-11-10T10:00:00.000Z",
      updated: "2026-11-10T10:00:00.000Z",
      value: 4000,
      followUp: "2026-12-05",
      unread: "2026-11-10T11:00:00.000Z",
    });
    // The other lead changed last: its statuses win.
    const changed = await call("POST", `/api/leads/update/${other}`, {
      LeadStatus: "HOT",
      CommStatus: "CONVERSING",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await addMessage(db, kept, "first quote", "2026-11-02T09:00:00.000Z");
    await addMessage(db, other, "the logo", "2026-11-10T12:00:00.000Z");
    const keptMeeting = await addMeeting(db, kept, "2026-12-01T15:00:00.000Z");
    const otherMeeting = await addMeeting(db, other, "2026-12-02T15:00:00.000Z");

    const duplicates = await call("GET", `/api/leads/${kept}/duplicates`);
    expect(duplicates.statusCode, duplicates.body).toBe(200);
    expect(duplicates.json()).toEqual([
      expect.objectContaining({ reason: "email", lead: expect.objectContaining({ ID: other }) }),
    ]);

    const res = await call("POST", `/api/leads/${kept}/merge`, { from: other.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const { lead, message } = res.json();
    expect(message).toBe(mergeTexts.merged);
    expect(lead).toMatchObject({
      ID: kept,
      FirstName: "Ana",
      Email: "ana@example.com",
      LeadStatus: "HOT",
      CommStatus: "CONVERSING",
      CreatedAt: "2026-11-01T10:00:00.000Z",
      NextFollowUp: "2026-12-05",
      Value: 4000,
      ReplyUnreadAt: "2026-11-10T11:00:00.000Z",
    });
    expect(lead.Notes).toBe(
      "Met at the fair.\n\n— Merged from ANA Lopes (Ana@Example.com), " +
        `${new Date().toISOString().slice(0, 10)}:\nTheir message:\nAlso a logo, please (zebracorn).\n` +
        "Wants it before March.",
    );

    // Its messages, meetings and history are the kept lead's now.
    expect(await count(db, "lead_messages", kept)).toBe(2);
    expect(await count(db, "meetings", kept)).toBe(2);
    const meetings = await db.selectFrom("meetings").select(["id", "lead_id"]).execute();
    expect(meetings.map((m) => m.id).sort()).toEqual([keptMeeting, otherMeeting].sort());
    for (const table of ["lead_messages", "meetings", "lead_events"] as const)
      expect(await count(db, table, other)).toBe(0);
    const history = await call("GET", `/api/leads/${kept}/history`);
    const fields = history.json().map((e: { Field: string; From: string }) => e.Field);
    expect(fields).toContain("Merged");
    // The other lead's own history came along unchanged.
    expect(history.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Field: "LeadStatus", From: "COLD", To: "HOT" }),
        expect.objectContaining({
          Field: "Merged",
          From: other,
          To: "ANA Lopes (Ana@Example.com)",
        }),
      ]),
    );

    // The old ID is gone, and says where it went.
    const gone = await call("GET", `/api/leads/${other}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: leadTexts.notFound, mergedInto: kept });
    expect((await call("GET", `/api/leads/${kept}`)).json()).toMatchObject({ ID: kept });

    // Search no longer finds the old lead; it finds the kept one by its name.
    if (engine.name === "sqlite") {
      const { rows } = await sql<{ lead_id: string }>`select lead_id from leads_search`.execute(db);
      expect(rows.map((r) => r.lead_id)).toEqual([kept]);
    }
    const found = await call("GET", "/api/leads/old?q=ana");
    expect(found.json().map((l: { ID: string }) => l.ID)).toEqual([kept]);

    // A reply carrying the old lead's token lands on the kept lead.
    expect(
      await leadForIncoming(db, { referenced: [], tokenLeadIds: [other], sender: null }),
    ).toEqual({ leadId: kept, rule: "token" });

    // In the audit log, IDs only.
    await expect
      .poll(async () =>
        db.selectFrom("audit_log").select("details").where("action", "=", "mergeLead").execute(),
      )
      .toHaveLength(1);
    const [entry] = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "mergeLead")
      .execute();
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({ kept, merged: other });

    // The tracker's live updates drop the old lead from its lists.
    const live = await call("GET", "/api/leads/changes?since=2026-11-01T00:00:00.000Z");
    expect(live.json().removed).toContain(other);
  });

  test("refuses a merge into itself, of a lead gone, on a stale UpdatedAt, or past the notes limit", async ({
    database,
    call,
  }) => {
    const { db } = database;
    const a = await insertLead(db, {
      email: "rosa@bakery.example",
      notes: "x".repeat(limits.notes - 20),
      created: "2026-11-01T10:00:00.000Z",
      updated: "2026-11-03T10:00:00.000Z",
    });
    const b = await insertLead(db, {
      email: "ROSA@bakery.example",
      notes: "Some notes that do not fit.",
      created: "2026-11-02T10:00:00.000Z",
      updated: "2026-11-02T10:00:00.000Z",
    });
    await addMessage(db, b, "hello", "2026-11-02T11:00:00.000Z");

    const self = await call("POST", `/api/leads/${a}/merge`, { from: a });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(mergeTexts.sameLead);

    const bad = await call("POST", `/api/leads/${a}/merge`, { from: "nope" });
    expect(bad.statusCode).toBe(400);

    const stale = await call("POST", `/api/leads/${a}/merge`, {
      from: b,
      UpdatedAt: "2026-11-01T10:00:00.000Z",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: leadTexts.changedSince,
      lead: { ID: a, UpdatedAt: "2026-11-03T10:00:00.000Z" },
    });

    const tooLong = await call("POST", `/api/leads/${a}/merge`, {
      from: b,
      UpdatedAt: "2026-11-03T10:00:00.000Z",
    });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().message).toBe(mergeTexts.notesTooLong);
    // Nothing moved.
    expect(await count(db, "lead_messages", b)).toBe(1);
    expect((await call("GET", `/api/leads/${b}`)).statusCode).toBe(200);

    const unknown = await call("POST", `/api/leads/${a}/merge`, { from: uuidv7() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(mergeTexts.otherGone);
    const noKept = await call("POST", `/api/leads/${uuidv7()}/merge`, { from: b });
    expect(noKept.statusCode).toBe(404);
    expect(noKept.json().message).toBe(leadTexts.notFound);

    // Shorter notes: it merges, keeping the kept lead's status when told so.
    await db.updateTable("leads").set({ notes: "Short." }).where("id", "=", a).execute();
    await db.updateTable("leads").set({ lead_status: "HOT" }).where("id", "=", b).execute();
    const merged = await call("POST", `/api/leads/${a}/merge`, {
      from: b,
      keep: { LeadStatus: "this" },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().lead.LeadStatus).toBe("COLD");
    expect(await count(db, "lead_messages", a)).toBe(1);

    // A lead merged into one that is merged in turn points to the last one.
    const c = await insertLead(db, {
      email: "rosa@bakery.example",
      created: "2026-11-04T10:00:00.000Z",
      updated: "2026-11-04T10:00:00.000Z",
    });
    expect((await call("POST", `/api/leads/${c}/merge`, { from: a })).statusCode).toBe(200);
    expect((await call("GET", `/api/leads/${b}`)).json().mergedInto).toBe(c);
    expect((await call("GET", `/api/leads/${a}`)).json().mergedInto).toBe(c);
  });

  test("finds a duplicate by name and the phone of a booked call", async ({ database, call }) => {
    const { db } = database;
    const a = await insertLead(db, {
      first: "Rosa",
      last: "Delgado",
      email: "rosa@bakery.example",
      created: "2026-11-01T10:00:00.000Z",
      updated: "2026-11-01T10:00:00.000Z",
    });
    const b = await insertLead(db, {
      first: "rosa",
      last: "DELGADO",
      email: "rosa.delgado@mail.example",
      created: "2026-11-02T10:00:00.000Z",
      updated: "2026-11-02T10:00:00.000Z",
    });
    const c = await insertLead(db, {
      first: "Rosa",
      last: "Delgado",
      email: "another.rosa@mail.example",
      created: "2026-11-03T10:00:00.000Z",
      updated: "2026-11-03T10:00:00.000Z",
    });
    await addMeeting(db, a, "2026-12-01T15:00:00.000Z", "+1 (555) 010-2030");
    await addMeeting(db, b, "2026-12-02T15:00:00.000Z", "+1 555 010 2030");
    await addMeeting(db, c, "2026-12-03T15:00:00.000Z", "+1 555 999 0000");
    const res = await call("GET", `/api/leads/${a}/duplicates`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        reason: "name-and-phone",
        lead: expect.objectContaining({ ID: b }),
      }),
    ]);
    expect((await call("GET", `/api/leads/${uuidv7()}/duplicates`)).statusCode).toBe(404);
  });

  test("A←B and B←A at once: one merge happens, the other finds its lead gone", async ({
    database,
    call,
  }) => {
    const { db } = database;
    for (let round = 0; round < 6; round++) {
      const a = await insertLead(db, {
        email: `race${round}@example.com`,
        notes: "A's notes",
        created: "2026-11-01T10:00:00.000Z",
        updated: "2026-11-01T10:00:00.000Z",
      });
      const b = await insertLead(db, {
        email: `race${round}@example.com`,
        notes: "B's notes",
        created: "2026-11-02T10:00:00.000Z",
        updated: "2026-11-02T10:00:00.000Z",
      });
      await addMessage(db, a, "a", "2026-11-01T11:00:00.000Z");
      await addMessage(db, b, "b", "2026-11-02T11:00:00.000Z");
      await addMeeting(db, a, `2026-12-0${round + 1}T15:00:00.000Z`);
      await addMeeting(db, b, `2026-12-0${round + 1}T16:00:00.000Z`);
      const [ab, ba] = await Promise.all([
        call("POST", `/api/leads/${a}/merge`, { from: b }),
        call("POST", `/api/leads/${b}/merge`, { from: a }),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      expect(statuses, `${ab.body} ${ba.body}`).toEqual([200, 404]);
      const survivor = ab.statusCode === 200 ? a : b;
      const rows = await db
        .selectFrom("leads")
        .select(["id", "notes"])
        .where("id", "in", [a, b])
        .execute();
      expect(rows.map((r) => r.id)).toEqual([survivor]);
      expect(rows[0]?.notes).toContain("A's notes");
      expect(rows[0]?.notes).toContain("B's notes");
      expect(await count(db, "lead_messages", survivor)).toBe(2);
      expect(await count(db, "meetings", survivor)).toBe(2);
    }
  });

  test("a merge racing an update or an erasure loses nothing the owner kept", async ({
    database,
    call,
  }) => {
    const { db } = database;
    for (let round = 0; round < 6; round++) {
      const a = await insertLead(db, {
        email: `up${round}@example.com`,
        created: "2026-11-01T10:00:00.000Z",
        updated: "2026-11-01T10:00:00.000Z",
      });
      const b = await insertLead(db, {
        email: `up${round}@example.com`,
        created: "2026-11-02T10:00:00.000Z",
        updated: "2026-11-02T10:00:00.000Z",
      });
      const [merge, update] = await Promise.all([
        call("POST", `/api/leads/${a}/merge`, { from: b }),
        call("POST", `/api/leads/update/${b}`, { Notes: `late note ${round}` }),
      ]);
      expect(merge.statusCode, merge.body).toBe(200);
      // Either the update came first and its note was merged, or it found the lead gone.
      expect([200, 404]).toContain(update.statusCode);
      const notes = (await call("GET", `/api/leads/${a}`)).json().Notes;
      if (update.statusCode === 200) expect(notes).toContain(`late note ${round}`);
      else expect(notes).not.toContain("late note");

      // Merging into a lead being erased: either the merge came first (and the erasure took
      // both, as asked) or the merge finds its lead gone and the other stays whole.
      const c = await insertLead(db, {
        email: `erase${round}@example.com`,
        created: "2026-11-03T10:00:00.000Z",
        updated: "2026-11-03T10:00:00.000Z",
      });
      await addMessage(db, c, "c", "2026-11-03T11:00:00.000Z");
      const [merged, erased] = await Promise.all([
        call("POST", `/api/leads/${a}/merge`, { from: c }),
        call("DELETE", `/api/leads/${a}`),
      ]);
      expect(erased.statusCode, erased.body).toBe(200);
      expect([200, 404]).toContain(merged.statusCode);
      const cLeft = await db.selectFrom("leads").select("id").where("id", "=", c).execute();
      if (merged.statusCode === 404) {
        expect(cLeft).toHaveLength(1);
        expect(await count(db, "lead_messages", c)).toBe(1);
      } else expect(cLeft).toEqual([]);
      expect(
        await db.selectFrom("lead_redirects").selectAll().where("kept_id", "=", a).execute(),
      ).toEqual([]);
    }
  });
});
