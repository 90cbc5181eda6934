import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactLead, repeatWindowMs } from "../contact/lead-intake.repository.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { countLeads, findLead, listLeads } from "./lead-lists.repository.ts";
import { leadStats } from "./lead-stats.repository.ts";
import { updateLead } from "./lead-updates.repository.ts";

const rosa = {
  firstName: "Rosa",
  lastName: "Delgado",
  email: "rosa@bakery.example",
  message: "New site?",
  sourcePage: "/home",
};

describe.each(testEngines)("leads repository on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await engine.open();
  });
  afterEach(() => handle.close());

  it("stores a contact request as an UNREAD, WARM lead with the spec's field names", async () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const { id, duplicate } = await createContactLead(handle.db, rosa, { now });
    expect(duplicate).toBe(false);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await findLead(handle.db, id)).toEqual({
      ID: id,
      FirstName: "Rosa",
      LastName: "Delgado",
      Email: "rosa@bakery.example",
      Message: "New site?",
      ContactedUs: true,
      LeadStatus: "WARM",
      CommStatus: "UNREAD",
      Notes: "",
      SourcePage: "/home",
      CreatedAt: "2026-11-22T10:00:00.000Z",
      UpdatedAt: "2026-11-22T10:00:00.000Z",
      NextFollowUp: null,
      // Entered without a visit to go on (the repository, not the form).
      Referrer: null,
      UtmSource: null,
      UtmMedium: null,
      UtmCampaign: null,
      Source: null,
      // No reply from the visitor yet, no value, not closed, no visit to go on.
      ReplyUnreadAt: null,
      Value: null,
      ClosedAt: null,
      EntryPage: null,
      // Manual assignment, the default: no one's yet.
      AssignedTo: null,
    });
  });

  it("stores the same email and message within ten minutes once", async () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const first = await createContactLead(handle.db, rosa, { now });
    const again = await createContactLead(handle.db, rosa, {
      now: new Date(now.getTime() + repeatWindowMs - 1000),
    });
    expect(again).toEqual({ id: first.id, duplicate: true, spam: null });
    const other = await createContactLead(handle.db, { ...rosa, message: "Different" }, { now });
    expect(other.duplicate).toBe(false);
    const later = await createContactLead(handle.db, rosa, {
      now: new Date(now.getTime() + repeatWindowMs + 1000),
    });
    expect(later.duplicate).toBe(false);
    expect(await countLeads(handle.db)).toBe(3);
  });

  it("queues one notification in the same transaction when asked", async () => {
    const { id } = await createContactLead(handle.db, rosa, { notify: true });
    const rows = await handle.db.selectFrom("outbox").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "lead-notification",
      lead_id: id,
      attempts: 0,
      sent_at: null,
    });
  });

  it("keeps text exactly, including quotes and unicode, with parameterized SQL", async () => {
    const tricky = {
      ...rosa,
      firstName: "Zoë'; DROP TABLE leads; --",
      message: 'Café ☕ "quoted"\nline two',
    };
    const { id } = await createContactLead(handle.db, tricky);
    expect(await findLead(handle.db, id)).toMatchObject({
      FirstName: tricky.firstName,
      Message: tricky.message,
    });
  });

  it("lists new leads newest first", async () => {
    await createContactLead(
      handle.db,
      { ...rosa, email: "a@x.example" },
      { now: new Date("2026-11-22T09:00:00Z") },
    );
    await createContactLead(
      handle.db,
      { ...rosa, email: "b@x.example" },
      { now: new Date("2026-11-22T11:00:00Z") },
    );
    expect((await listLeads(handle.db, "new", { limit: 100 })).leads.map((l) => l.Email)).toEqual([
      "b@x.example",
      "a@x.example",
    ]);
  });

  it("rejects statuses outside the spec's enums at the database too", async () => {
    const { id } = await createContactLead(handle.db, rosa);
    await expect(
      handle.db.updateTable("leads").set({ comm_status: "MAYBE" }).where("id", "=", id).execute(),
    ).rejects.toThrow();
  });

  it("buckets leads into Monday-to-Sunday UTC weeks and counts this month's conversions once", async () => {
    // Thursday 2026-11-19; the twelve weeks start on Monday 2026-08-31.
    const now = new Date("2026-11-19T15:00:00.000Z");
    const add = async (at: string) =>
      (
        await createContactLead(
          handle.db,
          { ...rosa, email: `${at}@x.example` },
          { now: new Date(at) },
        )
      ).id;
    const set = (id: string, LeadStatus: "CONVERTED" | "HOT", at: string) =>
      updateLead(
        handle.db,
        { id, changes: { LeadStatus } },
        { id: null, email: "o@x" },
        new Date(at),
      );

    await add("2026-08-30T23:59:59.999Z"); // the Sunday before: outside the chart
    const first = await add("2026-08-31T00:00:00.000Z"); // first week, first instant
    await add("2026-11-15T23:59:59.999Z"); // last instant of the week before this one
    const thisWeek = await add("2026-11-16T00:00:00.000Z");
    const lastMonth = await add("2026-10-05T09:00:00.000Z");
    const twice = await add("2026-11-02T09:00:00.000Z");
    const undone = await add("2026-11-03T09:00:00.000Z");

    await set(lastMonth, "CONVERTED", "2026-10-30T09:00:00.000Z"); // converted, but last month
    await set(twice, "CONVERTED", "2026-11-04T09:00:00.000Z");
    await set(twice, "HOT", "2026-11-05T09:00:00.000Z");
    await set(twice, "CONVERTED", "2026-11-06T09:00:00.000Z"); // counts once
    await set(undone, "CONVERTED", "2026-11-07T09:00:00.000Z");
    await set(undone, "HOT", "2026-11-08T09:00:00.000Z"); // no longer converted
    await set(first, "HOT", "2026-11-09T09:00:00.000Z");
    await set(thisWeek, "CONVERTED", "2026-11-17T09:00:00.000Z");

    const stats = await leadStats(handle.db, { now });
    expect(stats).toMatchObject({ newLeads: 7, followingUp: 0, convertedThisMonth: 2 });
    expect(stats.weeks.map((w) => w.start)).toEqual([
      "2026-08-31",
      "2026-09-07",
      "2026-09-14",
      "2026-09-21",
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
    ]);
    const nonZero = stats.weeks.flatMap((w) =>
      Object.entries(w.counts)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${w.start} ${status} ${n}`),
    );
    expect(nonZero).toEqual([
      "2026-08-31 HOT 1",
      "2026-10-05 CONVERTED 1",
      "2026-11-02 CONVERTED 1",
      "2026-11-02 HOT 1",
      "2026-11-09 WARM 1",
      "2026-11-16 CONVERTED 1",
    ]);
  });

  it("counts the last 30 days' leads by the page that brought them, most first, top ten", async () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    let n = 0;
    const add = (sourcePage: string | null, at: Date) =>
      createContactLead(
        handle.db,
        { ...rosa, email: `rosa${++n}@bakery.example`, sourcePage },
        {
          now: at,
        },
      );
    for (const days of [1, 2, 29]) await add("/about", daysAgo(days));
    for (const days of [3, 4]) await add("/home", daysAgo(days));
    // Outside the 30 days: not counted.
    await add("/home", daysAgo(31));
    await add("/home", daysAgo(45));
    // No page known: left out, however many.
    for (const days of [1, 2, 3, 4, 5]) await add(null, daysAgo(days));
    for (let i = 11; i >= 1; i--) await add(`/guides/${String(i).padStart(2, "0")}`, daysAgo(6));

    const { topPages } = await leadStats(handle.db, { now });
    expect(topPages).toEqual([
      { page: "/about", leads: 3 },
      { page: "/home", leads: 2 },
      // Ties in the page's order, so the list holds still between two loads.
      ...["01", "02", "03", "04", "05", "06", "07", "08"].map((i) => ({
        page: `/guides/${i}`,
        leads: 1,
      })),
    ]);
  });
});
