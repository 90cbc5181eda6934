import { beforeEach, describe, expect } from "vitest";
import { bulkTexts } from "../../domain/lead-bulk.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

const start = new Date("2026-11-23T15:00:00.000Z");

describe.each(testEngines)("deal value and outcome on $name", (engine) => {
  let clock = start;
  beforeEach(() => {
    clock = start;
  });
  const test = engineTest(engine, {
    env: { TIMEZONE: "America/New_York" },
    deps: { now: () => clock },
  })
    .extend(
      "seed",
      ({ database }) =>
        async (name: string) =>
          (
            await createContactLead(
              database.db,
              {
                firstName: name,
                lastName: "Baker",
                email: `${name}@bakery.example`,
                message: "Hi",
                sourcePage: "/",
              },
              { now: new Date(start.getTime() - 3_600_000) },
            )
          ).id,
    )
    .extend(
      "call",
      ({ app, admin }) =>
        (method: "GET" | "POST", url: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { "x-access-token": admin.accessToken },
            ...(payload ? { payload } : {}),
          }),
    )
    .extend(
      "update",
      ({ call }) =>
        (id: string, body: object) =>
          call("POST", `/api/leads/update/${id}`, body),
    );

  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };

  test("sets a value, leaves it when absent, clears it with null, and records each change", async ({
    seed,
    call,
    update,
  }) => {
    const id = await seed("ana");
    let res = await update(id, { Value: 12500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().lead).toMatchObject({ Value: 12500, ClosedAt: null });
    later(1);
    res = await update(id, { Notes: "Sent a quote" });
    expect(res.json().lead.Value).toBe(12500);
    later(1);
    res = await update(id, { Value: null });
    expect(res.json().lead.Value).toBeNull();
    const history = (await call("GET", `/api/leads/${id}/history`)).json();
    expect(
      history
        .filter((e: { Field: string }) => e.Field === "Value")
        .map((e: { From: string; To: string }) => [e.From, e.To]),
    ).toEqual([
      ["12500", ""],
      ["", "12500"],
    ]);
    // A value that is not a whole, positive amount, in any spelling, is refused with the text.
    for (const Value of [-1, 1.5, "12500", 1_000_000_001, true])
      expect((await update(id, { Value })).json(), String(Value)).toEqual({
        message: leadTexts.badValue,
      });
    expect((await update(id, { Value: 0 })).json().lead.Value).toBe(0);
  });

  test("records when a lead was won or lost, keeps it while closed, and clears it when reopened", async ({
    seed,
    call,
    update,
  }) => {
    const id = await seed("bo");
    let res = await update(id, { LeadStatus: "HOT" });
    expect(res.json().lead.ClosedAt).toBeNull();
    later(10);
    const wonAt = clock.toISOString();
    res = await update(id, { LeadStatus: "CONVERTED", Value: 8000 });
    expect(res.json().lead).toMatchObject({
      LeadStatus: "CONVERTED",
      ClosedAt: wonAt,
      Value: 8000,
    });
    later(10);
    res = await update(id, { Notes: "Invoice sent" });
    expect(res.json().lead.ClosedAt).toBe(wonAt);
    later(10);
    const lostAt = clock.toISOString();
    res = await update(id, { LeadStatus: "ABANDONED" });
    expect(res.json().lead.ClosedAt).toBe(lostAt);
    later(10);
    res = await update(id, { LeadStatus: "WARM" });
    expect(res.json().lead.ClosedAt).toBeNull();
    expect((await call("GET", `/api/leads/${id}`)).json().ClosedAt).toBeNull();
  });

  test("refuses a stale value like any stale change (409 with the lead as it is)", async ({
    seed,
    update,
  }) => {
    const id = await seed("cy");
    const first = (await update(id, { Value: 100 })).json().lead;
    later(1);
    await update(id, { Value: 200, UpdatedAt: first.UpdatedAt });
    later(1);
    const stale = await update(id, { Value: 300, UpdatedAt: first.UpdatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: leadTexts.changedSince, lead: { Value: 200 } });
  });

  test("sets value and outcome for many at once, each lead's ClosedAt its own", async ({
    seed,
    call,
    update,
  }) => {
    const [a, b, c] = [await seed("da"), await seed("eb"), await seed("fc")];
    await update(c as string, { LeadStatus: "CONVERTED" });
    const closedC = (await call("GET", `/api/leads/${c}`)).json().ClosedAt;
    later(5);
    const res = await call("POST", "/api/leads/bulk-update", {
      IDs: [a, b, c],
      LeadStatus: "CONVERTED",
      Value: 5000,
    });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      res.json().updated.map((lead: { ID: string }) => [lead.ID, lead]),
    );
    expect(byId[a as string]).toMatchObject({ Value: 5000, ClosedAt: clock.toISOString() });
    expect(byId[b as string]).toMatchObject({ Value: 5000, ClosedAt: clock.toISOString() });
    // Already won: it keeps the day it was won.
    expect(byId[c as string]).toMatchObject({ Value: 5000, ClosedAt: closedC });
    expect((await call("GET", `/api/leads/${c}`)).json().ClosedAt).toBe(closedC);
    expect((await call("POST", "/api/leads/bulk-update", { IDs: [a], Value: -5 })).statusCode).toBe(
      400,
    );
    expect((await call("POST", "/api/leads/bulk-update", { IDs: [a] })).json()).toEqual({
      message: bulkTexts.nothingToSet,
    });
  });

  test("exports Value and ClosedAt, on the owner's clock", async ({ seed, call, update }) => {
    const id = await seed("gd");
    await update(id, { LeadStatus: "CONVERTED", Value: 9900 });
    const csv = (await call("GET", "/api/leads/export.csv")).body;
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.split(",").slice(-3)).toEqual(["Value", "ClosedAt", "AssignedTo"]);
    // 15:00 UTC is 10:00 in New York; no one's lead.
    expect(row?.split(",").slice(-3)).toEqual(["9900", "2026-11-23T10:00:00-05:00", ""]);
  });

  test("keeps value and outcome through Spam and back", async ({ seed, call, update }) => {
    const id = await seed("he");
    const won = (await update(id, { LeadStatus: "CONVERTED", Value: 4200 })).json().lead;
    expect((await call("POST", `/api/leads/${id}/spam`)).statusCode).toBe(200);
    const back = (await call("POST", `/api/leads/${id}/not-spam`)).json().lead;
    expect(back).toMatchObject({ Value: 4200, ClosedAt: won.ClosedAt, LeadStatus: "CONVERTED" });
  });
});

describe.each(testEngines)("the pipeline board on $name", (engine) => {
  let clock = start;
  beforeEach(() => {
    clock = start;
  });
  const test = engineTest(engine, {
    env: { CURRENCY: "eur", STALE_DAYS: "10" },
    deps: { now: () => clock },
  })
    .extend(
      "call",
      ({ app, admin }) =>
        (method: "GET" | "POST", url: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { "x-access-token": admin.accessToken },
            ...(payload ? { payload } : {}),
          }),
    )
    .extend("lead", ({ database, call }) => async (name: string, changes: object, at: Date) => {
      clock = at;
      const { id } = await createContactLead(
        database.db,
        {
          firstName: name,
          lastName: "Baker",
          email: `${name}@${name}.example`,
          message: `A site for ${name}`,
          sourcePage: "/",
          source: {
            source: name === "gus" ? "google" : "direct",
            referrer: null,
            utmSource: null,
            utmMedium: null,
            utmCampaign: null,
          },
        },
        { now: at },
      );
      await call("POST", `/api/leads/update/${id}`, changes);
      return id;
    });

  const days = (n: number) => new Date(start.getTime() - n * 86_400_000);

  test("has a column per status with its count, total value and cards, the closed ones for 90 days", async ({
    call,
    lead,
  }) => {
    await lead("ann", { LeadStatus: "HOT", Value: 1000 }, days(3));
    await lead("bea", { LeadStatus: "HOT", Value: 2500 }, days(1));
    await lead("gus", { Value: 700 }, days(2)); // WARM, from google
    await lead("dee", { LeadStatus: "CONVERTED", Value: 9000 }, days(30));
    await lead("eve", { LeadStatus: "CONVERTED", Value: 4000 }, days(120));
    await lead("fay", { LeadStatus: "ABANDONED" }, days(5));
    clock = start;
    const board = (await call("GET", "/api/pipeline")).json();
    expect(board).toMatchObject({ currency: "EUR", staleDays: 10, closedDays: 90 });
    const summary = board.columns.map(
      (c: {
        LeadStatus: string;
        count: number;
        value: number;
        cards: Array<{ FirstName: string }>;
      }) => [c.LeadStatus, c.count, c.value, c.cards.map((card) => card.FirstName)],
    );
    expect(summary).toEqual([
      ["HOT", 2, 3500, ["bea", "ann"]],
      ["WARM", 1, 700, ["gus"]],
      ["COLD", 0, 0, []],
      // Eve was won 120 days ago: outside the 90 days, until all are asked for.
      ["CONVERTED", 1, 9000, ["dee"]],
      ["ABANDONED", 1, 0, ["fay"]],
    ]);
    const all = (await call("GET", "/api/pipeline?closedDays=3650")).json();
    expect(all.columns[3]).toMatchObject({ count: 2, value: 13000 });
    const google = (await call("GET", "/api/pipeline?source=google.com")).json();
    expect(google.columns.map((c: { count: number }) => c.count)).toEqual([0, 1, 0, 0, 0]);
    const search = (await call("GET", "/api/pipeline?q=site%20bea")).json();
    expect(search.columns[0].cards.map((c: { FirstName: string }) => c.FirstName)).toEqual(["bea"]);
    // Moving a card is the ordinary update: the lead is in its new column, with its ClosedAt.
    const bea = search.columns[0].cards[0];
    const moved = await call("POST", `/api/leads/update/${bea.ID}`, {
      LeadStatus: "CONVERTED",
      UpdatedAt: bea.UpdatedAt,
    });
    expect(moved.json()).toMatchObject({
      message: leadTexts.saved,
      lead: { LeadStatus: "CONVERTED", ClosedAt: start.toISOString() },
    });
    const after = (await call("GET", "/api/pipeline")).json();
    expect(after.columns[3]).toMatchObject({ count: 2, value: 11500 });
  });
});
