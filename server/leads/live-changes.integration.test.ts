import type { InjectOptions } from "fastify";
import { beforeEach, describe, expect } from "vitest";
import { changesTexts, type LiveChanges } from "../../domain/lead-changes.ts";
import { type LeadRecord, leadTexts } from "../../domain/lead-record.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

const minute = 60_000;
const start = Date.parse("2026-11-25T14:00:00.000Z");

/**
 * What an open tracker asks for (ADR 021): the real count of each list, one lead by its ID
 * (the e-mail's link), and what changed since its last answer.
 */
describe.each(testEngines)("live tracker API on $name", (engine) => {
  let clock = new Date(start);
  beforeEach(() => {
    clock = new Date(start);
  });
  const test = engineTest(engine, {
    env: { TIMEZONE: "America/New_York" },
    deps: { now: () => clock },
  })
    .extend("seed", ({ database }) => async (n: number, name = "Lead") => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        clock = new Date(clock.getTime() + minute);
        const { id } = await createContactLead(
          database.db,
          {
            firstName: `${name}${i}`,
            lastName: "Baker",
            email: `${name.toLowerCase()}${i}@shop.example`,
            message: i % 2 ? "A bakery site with orders" : "A new logo",
            sourcePage: "/",
          },
          { now: clock },
        );
        ids.push(id);
      }
      return ids;
    })
    .extend(
      "as",
      ({ app, admin }) =>
        (options: InjectOptions) =>
          app.inject({ ...options, headers: { "x-access-token": admin.accessToken } }),
    )
    .extend(
      "get",
      ({ as }) =>
        (url: string) =>
          as({ method: "GET", url }),
    )
    .extend(
      "post",
      ({ as }) =>
        (url: string, payload?: object) =>
          as({ method: "POST", url, payload }),
    )
    .extend("changes", ({ get }) => async (query: string) => {
      const res = await get(`/api/leads/changes?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as LiveChanges;
    });

  test("says each list's real count on its first page, with the search and filters", async ({
    seed,
    get,
    post,
  }) => {
    const ids = await seed(7);
    for (const id of ids.slice(0, 3))
      await post(`/api/leads/update/${id}`, { CommStatus: "REPLIED" });
    await post(`/api/leads/update/${ids[0]}`, { NextFollowUp: "2026-11-25" });

    const fresh = await get("/api/leads/new?limit=2");
    expect(fresh.json()).toHaveLength(2);
    expect(fresh.headers["x-total-count"]).toBe("4");
    const old = await get("/api/leads/old?limit=1");
    expect(old.headers["x-total-count"]).toBe("3");
    // Later pages only add to what is shown: no count to keep in step.
    const next = /cursor=([^&>]+)/.exec(String(old.headers.link))?.[1];
    expect(next).toBeDefined();
    expect((await get(`/api/leads/old?limit=1&cursor=${next}`)).headers["x-total-count"]).toBe(
      undefined,
    );
    expect((await get("/api/leads/new?q=bakery")).headers["x-total-count"]).toBe("2");
    expect((await get("/api/leads/old?comm=REPLIED&q=logo")).headers["x-total-count"]).toBe("2");
    expect((await get("/api/leads/new?q=nobody")).headers["x-total-count"]).toBe("0");
    expect((await get("/api/leads/due")).headers["x-total-count"]).toBe("1");
  });

  test("answers one lead by its ID: 200, 404 when gone, 400 when not an ID", async ({
    seed,
    get,
  }) => {
    const [id = ""] = await seed(1);
    const res = await get(`/api/leads/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({ ID: id, FirstName: "Lead0", CommStatus: "UNREAD" });
    const gone = await get(`/api/leads/${uuidv7()}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: leadTexts.notFound });
    expect((await get("/api/leads/not-a-lead")).statusCode).toBe(400);
  });

  test("tells an open page what arrived, changed, left and came back since its last answer", async ({
    seed,
    as,
    post,
    changes,
  }) => {
    const [kept = "", moved = "", binned = "", erased = ""] = await seed(4);
    const first = await changes("");
    expect(first).toMatchObject({ leads: [], removed: [], complete: true });
    expect(first.counts).toEqual({ new: 4, old: 0, due: 0 });
    expect(first.through).toBe(clock.toISOString());

    clock = new Date(clock.getTime() + minute);
    const since = clock.toISOString();
    const [arrived = ""] = await seed(1, "Fresh");
    clock = new Date(clock.getTime() + 1000);
    await post(`/api/leads/update/${moved}`, { CommStatus: "REPLIED", NextFollowUp: "2026-11-25" });
    await post(`/api/leads/${binned}/spam`);
    await as({ method: "DELETE", url: `/api/leads/${erased}` });

    const next = await changes(`since=${encodeURIComponent(since)}`);
    expect(next.leads.map((lead) => lead.ID)).toEqual([arrived, moved]);
    expect(next.leads.find((lead) => lead.ID === moved)).toMatchObject({ CommStatus: "REPLIED" });
    expect(next.matching.sort()).toEqual([arrived, moved].sort());
    expect(next.removed.sort()).toEqual([binned, erased].sort());
    expect(next.counts).toEqual({ new: 2, old: 1, due: 1 });
    expect(next.leads.map((lead) => lead.ID)).not.toContain(kept);

    // Brought back from Spam: found by its ID although its last update is older than `since`.
    clock = new Date(clock.getTime() + minute);
    const back = clock.toISOString();
    await post(`/api/leads/${binned}/not-spam`);
    const after = await changes(`since=${encodeURIComponent(back)}&q=bakery`);
    expect(after.leads.map((lead: LeadRecord) => lead.ID)).toEqual([binned]);
    expect(after.removed).toEqual([]);
    // The search decides what matches and what the lists count: only "moved" is about a bakery.
    expect(after.matching).toEqual([]);
    expect(after.counts).toEqual({ new: 0, old: 1, due: 1 });
  });

  test("says when too much changed for one answer, and refuses a malformed since", async ({
    seed,
    get,
    changes,
  }) => {
    const since = new Date(clock.getTime() + 1).toISOString();
    await seed(201);
    const many = await changes(`since=${encodeURIComponent(since)}`);
    expect(many.complete).toBe(false);
    expect(many.leads).toHaveLength(200);
    for (const bad of ["yesterday", "2026-11-25", "2026-11-25T14:00:00.000Z%00"]) {
      const res = await get(`/api/leads/changes?since=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(changesTexts.badSince);
    }
  });

  test("exports dates on the owner's clock, with its offset", async ({ seed, get }) => {
    await seed(1);
    const body = (await get("/api/leads/export.csv")).body;
    // 14:01 UTC on 25 November is 09:01 in New York (EST, five hours behind).
    expect(body).toContain(",2026-11-25T09:01:00-05:00,2026-11-25T09:01:00-05:00,");
    expect(body).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/);
  });
});
