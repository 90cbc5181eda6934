import { describe, expect } from "vitest";
import { bulkLimit, bulkTexts } from "../../domain/lead-bulk.ts";
import { type LeadRecord, leadTexts } from "../../domain/lead-record.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, signedInUser } from "../test-support/tokens.ts";

const clock = new Date("2026-11-23T15:00:00.000Z");

describe.each(testEngines)("bulk updates on $name", (engine) => {
  const test = engineTest(engine, { deps: { now: () => clock } })
    .extend("seed", ({ database }) => async (count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const { id } = await createContactLead(
          database.db,
          {
            firstName: `Lead${i}`,
            lastName: "Baker",
            email: `lead${i}@bakery.example`,
            message: `Quote ${i}`,
            sourcePage: "/",
          },
          { now: new Date(clock.getTime() - (count - i) * 60_000) },
        );
        ids.push(id);
      }
      return ids;
    })
    .extend(
      "bulk",
      ({ app, admin }) =>
        (payload: unknown, token = admin.accessToken) =>
          app.inject({
            method: "POST",
            url: "/api/leads/bulk-update",
            headers: { "x-access-token": token },
            payload: payload as object,
          }),
    )
    .extend(
      "get",
      ({ app, admin }) =>
        (url: string) =>
          app.inject({ method: "GET", url, headers: { "x-access-token": admin.accessToken } }),
    )
    .extend(
      "eventCount",
      ({ database }) =>
        async () =>
          Number(
            (
              await database.db
                .selectFrom("lead_events")
                .select((eb) => eb.fn.countAll<number>().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
    );

  test("sets statuses and a follow-up on every lead in one request, each with its history", async ({
    seed,
    bulk,
    get,
  }) => {
    const ids = await seed(3);
    const res = await bulk({
      IDs: ids,
      CommStatus: "REPLIED",
      LeadStatus: "HOT",
      NextFollowUp: "2026-11-26",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(bulkTexts.saved(3));
    expect(body.conflicts).toEqual([]);
    expect(body.updated.map((lead: LeadRecord) => lead.ID).sort()).toEqual([...ids].sort());
    for (const lead of body.updated as LeadRecord[]) {
      expect(lead).toMatchObject({
        CommStatus: "REPLIED",
        LeadStatus: "HOT",
        NextFollowUp: "2026-11-26",
        UpdatedAt: clock.toISOString(),
      });
    }
    // They left New Leads for the top of Follow Up With, as single saves would.
    expect((await get("/api/leads/new")).json()).toEqual([]);
    expect((await get("/api/leads/old")).json()).toHaveLength(3);
    for (const id of ids) {
      const history = (await get(`/api/leads/${id}/history`)).json();
      expect(history.map((e: { Field: string }) => e.Field).sort()).toEqual([
        "CommStatus",
        "LeadStatus",
        "NextFollowUp",
      ]);
      expect(history[0]).toMatchObject({ By: "admin@fineline.studio", At: clock.toISOString() });
      expect(history.find((e: { Field: string }) => e.Field === "CommStatus")).toMatchObject({
        From: "UNREAD",
        To: "REPLIED",
      });
    }
  });

  test("writes nothing for a lead that already has the values, and takes each ID once", async ({
    seed,
    bulk,
    eventCount,
  }) => {
    const [a, b] = await seed(2);
    await bulk({ IDs: [a], LeadStatus: "HOT" });
    const before = await eventCount();
    const res = await bulk({ IDs: [a, b, b, (b as string).toUpperCase()], LeadStatus: "HOT" });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toHaveLength(2);
    expect((await eventCount()) - before).toBe(1);
  });

  test("changes nothing at all when one ID is unknown, and names it", async ({
    seed,
    bulk,
    get,
    eventCount,
  }) => {
    const ids = await seed(2);
    const ghost = uuidv7();
    const res = await bulk({ IDs: [...ids, ghost], CommStatus: "DEAD" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: bulkTexts.unknown(1), unknown: [ghost] });
    expect((await get("/api/leads/new")).json()).toHaveLength(2);
    expect(await eventCount()).toBe(0);
  });

  test("reports a lead changed since it was loaded instead of overwriting it", async ({
    app,
    admin,
    seed,
    bulk,
    get,
  }) => {
    const [a, b] = await seed(2);
    const loaded = (await get("/api/leads/new")).json() as LeadRecord[];
    const version = (id: string) => loaded.find((lead) => lead.ID === id)?.UpdatedAt;
    // Someone else saves lead a in the meantime.
    await app.inject({
      method: "POST",
      url: `/api/leads/update/${a}`,
      headers: { "x-access-token": admin.accessToken },
      payload: { LeadStatus: "COLD" },
    });
    const res = await bulk({
      IDs: [
        { ID: a, UpdatedAt: version(a as string) },
        { ID: b, UpdatedAt: version(b as string) },
      ],
      LeadStatus: "HOT",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(bulkTexts.conflicts(1, 1));
    expect(body.updated.map((lead: LeadRecord) => lead.ID)).toEqual([b]);
    expect(body.conflicts).toEqual([expect.objectContaining({ ID: a, LeadStatus: "COLD" })]);
  });

  test("refuses what it cannot do, with a clear message and nothing written", async ({
    seed,
    bulk,
    eventCount,
  }) => {
    const ids = await seed(1);
    const cases: Array<[unknown, string]> = [
      [{ IDs: [], CommStatus: "DEAD" }, bulkTexts.badIds],
      [{ IDs: "all", CommStatus: "DEAD" }, bulkTexts.badIds],
      [{ IDs: ["not-an-id"], CommStatus: "DEAD" }, bulkTexts.badIds],
      [
        { IDs: [{ ID: ids[0], UpdatedAt: "yesterday" }], CommStatus: "DEAD" },
        leadTexts.badUpdatedAt,
      ],
      [{ IDs: ids }, bulkTexts.nothingToSet],
      [{ IDs: ids, CommStatus: "LOST" }, leadTexts.badCommStatus],
      [{ IDs: ids, LeadStatus: "hot" }, leadTexts.badLeadStatus],
      [{ IDs: ids, NextFollowUp: "2026-02-30" }, leadTexts.badFollowUp],
      [{ IDs: ids, NextFollowUp: "2031-01-01" }, leadTexts.badFollowUp],
      [
        { IDs: Array.from({ length: bulkLimit + 1 }, () => uuidv7()), CommStatus: "DEAD" },
        bulkTexts.tooMany,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json().message, JSON.stringify(payload).slice(0, 100)).toBe(message);
    }
    expect(await eventCount()).toBe(0);
  });

  test(`updates ${bulkLimit} leads in one go`, async ({ seed, bulk, eventCount }) => {
    const ids = await seed(bulkLimit);
    const started = performance.now();
    const res = await bulk({ IDs: ids, CommStatus: "CONVERSING", NextFollowUp: null });
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toHaveLength(bulkLimit);
    // One history entry each (the follow-up date was already empty).
    expect(await eventCount()).toBe(bulkLimit);
    expect(took).toBeLessThan(5000);
  }, 60_000);

  test("is for admins only", async ({ database, app, admin, seed, bulk, eventCount }) => {
    const ids = await seed(1);
    const signedUp = await signedInUser(database.db, "user");
    for (const [name, token] of Object.entries(
      await badAccessTokens(admin.id, admin.refreshToken),
    )) {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/bulk-update",
        headers: token === undefined ? {} : { "x-access-token": token },
        payload: { IDs: ids, CommStatus: "DEAD" },
      });
      expect(res.statusCode, name).toBe(401);
    }
    expect((await bulk({ IDs: ids, CommStatus: "DEAD" }, signedUp.accessToken)).statusCode).toBe(
      403,
    );
    expect(await eventCount()).toBe(0);
  });
});
