import { beforeEach, describe, expect } from "vitest";
import { type LeadRecord, leadTexts } from "../../domain/lead-record.ts";
import { pagingTexts } from "../../domain/paging.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, signedInUser } from "../test-support/tokens.ts";

/** Monday 23 November 2026, 15:00 in New York (20:00 UTC). */
const monday = new Date("2026-11-23T20:00:00.000Z");

describe.each(testEngines)("follow-ups on $name", (engine) => {
  let clock = monday;
  beforeEach(() => {
    clock = monday;
  });
  const test = engineTest(engine, {
    env: { TIMEZONE: "America/New_York" },
    deps: { now: () => clock },
  })
    .extend(
      "seed",
      ({ database }) =>
        async (name: string, minutesAgo = 60) =>
          (
            await createContactLead(
              database.db,
              {
                firstName: name,
                lastName: "Baker",
                email: `${name.toLowerCase()}@bakery.example`,
                message: `${name} wants a quote`,
                sourcePage: "/",
              },
              { now: new Date(monday.getTime() - minutesAgo * 60_000) },
            )
          ).id,
    )
    .extend(
      "get",
      ({ app, admin }) =>
        (url: string, token = admin.accessToken) =>
          app.inject({ method: "GET", url, headers: { "x-access-token": token } }),
    )
    .extend(
      "update",
      ({ app, admin }) =>
        (id: string, payload: object) =>
          app.inject({
            method: "POST",
            url: `/api/leads/update/${id}`,
            headers: { "x-access-token": admin.accessToken },
            payload,
          }),
    );

  const names = (leads: LeadRecord[]) => leads.map((lead) => lead.FirstName);

  test("sets, keeps and clears a lead's next follow-up date, each change in its history", async ({
    seed,
    get,
    update,
  }) => {
    const id = await seed("Rosa");
    const set = await update(id, { NextFollowUp: "2026-11-26" });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      message: "Saved changes!",
      lead: { NextFollowUp: "2026-11-26" },
    });
    // The fixed update body (docs/product.md, "Saving"), without the date, leaves it as it is.
    const spec = await update(id, {
      ID: id,
      CommStatus: "REPLIED",
      LeadStatus: "HOT",
      Notes: "Called back",
    });
    expect(spec.json().lead).toMatchObject({ CommStatus: "REPLIED", NextFollowUp: "2026-11-26" });
    const cleared = await update(id, { NextFollowUp: null });
    expect(cleared.json().lead.NextFollowUp).toBeNull();
    const history = (await get(`/api/leads/${id}/history`)).json();
    expect(
      history
        .filter((event: { Field: string }) => event.Field === "NextFollowUp")
        .map((event: { From: string; To: string }) => [event.From, event.To]),
    ).toEqual([
      ["2026-11-26", ""],
      ["", "2026-11-26"],
    ]);
    // Leads read back through the lists carry it too, as a plain date on every engine.
    await update(id, { NextFollowUp: "2026-12-01" });
    const [stored] = (await get("/api/leads/old")).json();
    expect(stored.NextFollowUp).toBe("2026-12-01");
  });

  test("refuses a date that is not a real day from 2000 to two years ahead, with a clear 400", async ({
    seed,
    update,
  }) => {
    const id = await seed("Rosa");
    for (const NextFollowUp of [
      "2026-02-30",
      "2026-13-01",
      "1999-12-31",
      "2029-01-01",
      "tomorrow",
      "2026-11-26T09:00:00Z",
      "20261126",
      "",
      20261126,
      ["2026-11-26"],
    ]) {
      const res = await update(id, { NextFollowUp });
      expect(res.statusCode, String(NextFollowUp)).toBe(400);
      expect(res.json(), String(NextFollowUp)).toEqual({ message: leadTexts.badFollowUp });
    }
    expect((await update(id, { NextFollowUp: "2000-01-01" })).statusCode).toBe(200);
    expect((await update(id, { NextFollowUp: "2028-11-22" })).statusCode).toBe(200);
  });

  test("refuses a date change based on a stale version with 409", async ({ seed, get, update }) => {
    const id = await seed("Rosa");
    const [seen] = (await get("/api/leads/new")).json();
    expect((await update(id, { Notes: "mine", UpdatedAt: seen.UpdatedAt })).statusCode).toBe(200);
    const stale = await update(id, { NextFollowUp: "2026-11-30", UpdatedAt: seen.UpdatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().lead.NextFollowUp).toBeNull();
  });

  test("lists what is due today and overdue, oldest date first, paged, in the owner's time zone", async ({
    seed,
    get,
    update,
  }) => {
    const ids = {
      lastWeek: await seed("LastWeek"),
      yesterday: await seed("Yesterday"),
      today: await seed("Today"),
      tomorrow: await seed("Tomorrow"),
      none: await seed("None"),
    };
    await update(ids.lastWeek, { NextFollowUp: "2026-11-16" });
    await update(ids.yesterday, { NextFollowUp: "2026-11-22" });
    await update(ids.today, { NextFollowUp: "2026-11-23" });
    await update(ids.tomorrow, { NextFollowUp: "2026-11-24" });

    const due = await get("/api/leads/due");
    expect(due.statusCode).toBe(200);
    expect(names(due.json())).toEqual(["LastWeek", "Yesterday", "Today"]);

    const first = await get("/api/leads/due?limit=2");
    expect(names(first.json())).toEqual(["LastWeek", "Yesterday"]);
    const link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? "";
    expect(names((await get(link)).json())).toEqual(["Today"]);
    expect((await get("/api/leads/due?cursor=nonsense")).json()).toEqual({
      message: pagingTexts.badCursor,
    });

    // At 22:00 in New York it is still Monday there, though Tuesday in UTC: Today is due
    // today, not overdue.
    clock = new Date("2026-11-24T03:00:00.000Z");
    expect(names((await get("/api/leads/due")).json())).toEqual(["LastWeek", "Yesterday", "Today"]);
    expect(names((await get("/api/leads/new?due=today")).json())).toEqual(["Today"]);
    // An hour later it is Tuesday there too.
    clock = new Date("2026-11-24T05:00:00.000Z");
    expect(names((await get("/api/leads/due")).json())).toEqual([
      "LastWeek",
      "Yesterday",
      "Today",
      "Tomorrow",
    ]);
    expect(names((await get("/api/leads/new?due=overdue")).json()).sort()).toEqual([
      "LastWeek",
      "Today",
      "Yesterday",
    ]);
    expect(names((await get("/api/leads/new?due=week")).json())).toEqual(["Tomorrow"]);
    expect(names((await get("/api/leads/new?due=sometime")).json())).toHaveLength(5);
  });

  test("keeps the due list and the settings for admins only", async ({
    database,
    app,
    admin,
    get,
  }) => {
    const signedUp = await signedInUser(database.db, "user");
    const bad = await badAccessTokens(admin.id, admin.refreshToken);
    for (const url of ["/api/leads/due", "/api/settings"]) {
      for (const [name, token] of Object.entries(bad)) {
        const res = await app.inject({
          method: "GET",
          url,
          headers: token === undefined ? {} : { "x-access-token": token },
        });
        expect(res.statusCode, `${url} ${name}`).toBe(401);
      }
      expect((await get(url, signedUp.accessToken)).statusCode).toBe(403);
    }
  });

  test("tells the admin screens the owner's time zone, today there, the digest hour, and mail", async ({
    get,
  }) => {
    clock = new Date("2026-11-24T03:00:00.000Z");
    expect((await get("/api/settings")).json()).toEqual({
      timeZone: "America/New_York",
      today: "2026-11-23",
      digestHour: 8,
      // No SMTP_URL, IMAP_URL or CALDAV_URL here.
      mail: { sending: false, from: null, autoReply: false, replyToToken: false, receiving: false },
      currency: "USD",
      staleDays: 14,
      calendar: false,
      studioName: "Fineline Studio",
    });
  });

  test("counts follow-ups due, leads waiting over a day, and speed to lead over 30 days", async ({
    database,
    seed,
    get,
    update,
  }) => {
    const quick = await seed("Quick", 240); // answered after 1 h
    const slow = await seed("Slow", 600); // answered after 5 h
    const waiting = await seed("Waiting", 30 * 60); // unread for 30 hours
    await seed("Fresh", 10);
    const at = (minutesAgo: number) => new Date(monday.getTime() - minutesAgo * 60_000);
    clock = at(180);
    await update(quick, { CommStatus: "REPLIED", NextFollowUp: "2026-11-20" });
    clock = at(300);
    await update(slow, { CommStatus: "CONVERSING", NextFollowUp: "2026-11-23" });
    clock = monday;
    await update(waiting, { NextFollowUp: "2026-11-23" });
    const stats = (await get("/api/leads/stats")).json();
    expect(stats).toMatchObject({
      newLeads: 2,
      followingUp: 2,
      overdue: 1,
      dueToday: 2,
      waitingOver24h: 1,
      firstReply: { days: 30, arrived: 4, leads: 2, medianMinutes: 60, p90Minutes: 300 },
      timeZone: "America/New_York",
      today: "2026-11-23",
    });
    // Weeks start on Monday at midnight in New York: a lead at 11:30 pm on Sunday there
    // (04:30 UTC on Monday) counts in the week before.
    expect(stats.weeks.at(-1).start).toBe("2026-11-23");
    const total = (week: { counts: Record<string, number> }) =>
      Object.values(week.counts).reduce((sum, n) => sum + n, 0);
    // Waiting arrived at 9 am on Sunday in New York (the week before); the other three on Monday.
    expect(total(stats.weeks.at(-2))).toBe(1);
    expect(total(stats.weeks.at(-1))).toBe(3);
    await createContactLead(
      database.db,
      {
        firstName: "Late",
        lastName: "Sunday",
        email: "late@shop.example",
        message: "",
        sourcePage: "/",
      },
      { now: new Date("2026-11-23T04:30:00.000Z") },
    );
    const weeks = (await get("/api/leads/stats")).json().weeks;
    expect(total(weeks.at(-2))).toBe(2);
    expect(total(weeks.at(-1))).toBe(3);
  });
});
