import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";
import { applyVisitRetention } from "./visit-retention.ts";

// 9:00 on Thursday 26 November 2026 in New York (UTC-5).
const start = new Date("2026-11-26T14:00:00.000Z");
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1";
const laptop =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe.each(testEngines)("visits counted without cookies on $name", (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let clock = start;

  const open = async (env: Record<string, string> = {}) => {
    app = await buildTestApp(
      database,
      { JWT_SECRET: testSecret, TIMEZONE: "America/New_York", CURRENCY: "USD", ...env },
      { now: () => clock },
    );
  };
  beforeEach(async () => {
    clock = start;
    database = await engine.open();
    await open();
    admin = await signedInUser(database.db, "admin");
  });
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  const beacon = (
    body: object | string,
    {
      ip = "203.0.113.7",
      ua = phone,
      headers = {},
      type = "application/json",
    }: { ip?: string; ua?: string; headers?: Record<string, string>; type?: string } = {},
  ) =>
    app.inject({
      method: "POST",
      url: "/api/visits",
      remoteAddress: ip,
      headers: { "user-agent": ua, "content-type": type, ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });
  const insights = async (query = "") =>
    (
      await app.inject({
        method: "GET",
        url: `/api/insights${query}`,
        headers: { "x-access-token": admin.accessToken },
      })
    ).json();

  it("counts a visitor once a day and each page view, from any content type, with no cookie", async () => {
    const first = await beacon({
      path: "/",
      referrer: "https://www.google.com/search?q=web+studio",
    });
    expect(first.statusCode).toBe(204);
    expect(first.headers["set-cookie"]).toBeUndefined();
    // sendBeacon with a string arrives as text/plain.
    expect(
      (await beacon(JSON.stringify({ path: "/about" }), { type: "text/plain;charset=UTF-8" }))
        .statusCode,
    ).toBe(204);
    await beacon({ path: "/about" }, { ua: laptop });
    const page = await app.inject({ method: "GET", url: "/about" });
    expect(page.headers["set-cookie"]).toBeUndefined();

    const today = await insights("?from=2026-11-26&to=2026-11-26");
    expect(today).toMatchObject({ visitors: 2, pageviews: 3 });
    expect(today.pages).toEqual([
      { path: "/about", pageviews: 2 },
      { path: "/", pageviews: 1 },
    ]);
    expect(
      today.entryPages.map((e: { path: string; visitors: number }) => [e.path, e.visitors]),
    ).toEqual([
      ["/", 1],
      ["/about", 1],
    ]);
    expect(
      today.sources.map((s: { source: string; visitors: number }) => [s.source, s.visitors]),
    ).toEqual([
      ["direct", 1],
      ["google", 1],
    ]);
    // Nothing of the address or the user agent is stored: only a hash.
    const stored = JSON.stringify(await database.db.selectFrom("visitors").selectAll().execute());
    expect(stored).not.toContain("203.0.113.7");
    expect(stored).not.toContain("iPhone");
  });

  it("starts a new day at the owner's midnight, with a new secret; yesterday's is deleted", async () => {
    await beacon({ path: "/" });
    // 23:59 in New York, then 00:01 the next day: the same phone is a new visitor.
    clock = new Date("2026-11-27T04:59:00.000Z");
    await beacon({ path: "/about" });
    clock = new Date("2026-11-27T05:01:00.000Z");
    await beacon({ path: "/about" });
    const days = (await insights("?from=2026-11-26&to=2026-11-27")).days;
    expect(days).toEqual([
      { date: "2026-11-26", visitors: 1, pageviews: 2, leads: 0 },
      { date: "2026-11-27", visitors: 1, pageviews: 1, leads: 0 },
    ]);
    const rows = await database.db
      .selectFrom("visitors")
      .select(["day", "visitor"])
      .orderBy("day")
      .execute();
    // Days cannot be linked: the same client has another hash each day.
    expect(rows[0]?.visitor).not.toBe(rows[1]?.visitor);
    expect(
      (await database.db.selectFrom("visit_keys").select("day").orderBy("day").execute()).map(
        (r) => r.day,
      ),
    ).toEqual(["2026-11-26", "2026-11-27"]);
    await applyVisitRetention(database.db, { now: clock, timeZone: "America/New_York" });
    expect(
      (await database.db.selectFrom("visit_keys").select("day").execute()).map((r) => r.day),
    ).toEqual(["2026-11-27"]);
    // After 30 days the raw visitors go; the day's totals stay.
    clock = new Date("2026-12-28T15:00:00.000Z");
    await applyVisitRetention(database.db, { now: clock, timeZone: "America/New_York" });
    expect(await database.db.selectFrom("visitors").selectAll().execute()).toEqual([]);
    expect((await insights("?from=2026-11-26&to=2026-11-27")).visitors).toBe(2);
  });

  it("never counts bots, Global Privacy Control, Do Not Track, the admin's pages or what is not a page", async () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (const response of [
      await beacon({ path: "/" }, { ua: googlebot }),
      await beacon({ path: "/" }, { headers: { "sec-gpc": "1" } }),
      await beacon({ path: "/" }, { headers: { dnt: "1" } }),
      await beacon({ path: "/" }, { ua: "" }),
      await beacon({ path: "/admin/leads" }),
      await beacon({ path: "/login" }),
      await beacon({ path: "/no/such/page" }),
    ])
      expect(response.statusCode).toBe(204);
    for (const bad of [
      "not json",
      JSON.stringify({ path: "https://evil.example/" }),
      JSON.stringify({ path: "/\u0000" }),
      "{}",
    ])
      expect((await beacon(bad, { type: "text/plain" })).statusCode, bad).toBe(400);
    expect(await insights()).toMatchObject({ visitors: 0, pageviews: 0 });
  });

  it("tells clients apart behind a proxy only when TRUST_PROXY trusts it", async () => {
    const behind = (client: string) =>
      beacon({ path: "/" }, { ip: "127.0.0.1", headers: { "x-forwarded-for": client } });
    await behind("198.51.100.1");
    await behind("198.51.100.2");
    expect((await insights()).visitors).toBe(1); // the proxy's own address, for both
    await app.close();
    await database.db.deleteFrom("visitors").execute();
    await database.db.deleteFrom("entry_totals").execute();
    await open({ TRUST_PROXY: "loopback" });
    await behind("198.51.100.1");
    await behind("198.51.100.2");
    expect((await insights()).visitors).toBe(2);
  });

  it("joins entry pages and sources to leads, calls and won work, as computed by hand", async () => {
    // Visitors: 4 entered on /, 2 on /about; 3 from google, 3 direct.
    const visit = (path: string, n: number, referrer = "") =>
      beacon({ path, referrer }, { ip: `198.51.100.${n}` });
    await visit("/", 1, "https://google.com/");
    await visit("/", 2, "https://google.com/");
    await visit("/", 3);
    await visit("/", 4);
    await visit("/about", 5, "https://www.google.co.uk/");
    await visit("/about", 6);
    // Leads of the day: two entered on / (one from google, won for 12,000 with a call), one on
    // /about (direct, won for 3,000), one with no visit known.
    const lead = async (name: string, entryPage: string | null, source: string) =>
      (
        await createContactLead(
          database.db,
          {
            firstName: name,
            lastName: "Baker",
            email: `${name}@x.example`,
            message: "A new site",
            sourcePage: "/",
            entryPage,
            source: { source, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null },
          },
          { now: clock },
        )
      ).id;
    const ann = await lead("ann", "/", "google");
    await lead("bo", "/", "direct");
    const cy = await lead("cy", "/about", "direct");
    await lead("di", null, "direct");
    for (const [id, value] of [
      [ann, 12000],
      [cy, 3000],
    ] as const)
      await app.inject({
        method: "POST",
        url: `/api/leads/update/${id}`,
        headers: { "x-access-token": admin.accessToken },
        payload: { LeadStatus: "CONVERTED", Value: value },
      });
    await database.db
      .insertInto("meetings")
      .values({
        id: "01a00000-0000-7000-8000-000000000001",
        lead_id: ann,
        start_at: "2026-11-30T15:00:00.000Z",
        end_at: "2026-11-30T15:30:00.000Z",
        day: "2026-11-30",
        status: "booked",
        sequence: 0,
        token_hash: "x",
        visitor_time_zone: null,
        cancelled_by: null,
        created_at: clock.toISOString(),
        updated_at: clock.toISOString(),
      })
      .execute();

    const result = await insights();
    expect(result).toMatchObject({
      from: "2026-10-28",
      to: "2026-11-26",
      visitors: 6,
      leads: 4,
      conversionRate: 0.6667,
    });
    expect(result.entryPages).toEqual([
      {
        path: "/",
        visitors: 4,
        leads: 2,
        conversionRate: 0.5,
        meetings: 1,
        won: 1,
        wonValue: 12000,
      },
      {
        path: "/about",
        visitors: 2,
        leads: 1,
        conversionRate: 0.5,
        meetings: 0,
        won: 1,
        wonValue: 3000,
      },
      {
        path: "(unknown)",
        visitors: 0,
        leads: 1,
        conversionRate: null,
        meetings: 0,
        won: 0,
        wonValue: 0,
      },
    ]);
    expect(result.sources).toEqual([
      {
        source: "google",
        visitors: 3,
        leads: 1,
        conversionRate: 0.3333,
        meetings: 1,
        won: 1,
        wonValue: 12000,
      },
      {
        source: "direct",
        visitors: 3,
        leads: 3,
        conversionRate: 1,
        meetings: 0,
        won: 1,
        wonValue: 3000,
      },
    ]);
    expect(result.pipeline).toEqual([
      { LeadStatus: "HOT", count: 0, value: 0 },
      { LeadStatus: "WARM", count: 2, value: 0 },
      { LeadStatus: "COLD", count: 0, value: 0 },
      { LeadStatus: "CONVERTED", count: 2, value: 15000 },
      { LeadStatus: "ABANDONED", count: 0, value: 0 },
    ]);
    // Erasing a lead removes it, and its entry page, from the figures.
    await app.inject({
      method: "DELETE",
      url: `/api/leads/${ann}`,
      headers: { "x-access-token": admin.accessToken },
    });
    const after = (await insights()).entryPages.find((e: { path: string }) => e.path === "/");
    expect(after).toMatchObject({ visitors: 4, leads: 1, won: 0, wonValue: 0 });
    expect(
      (
        await app.inject({
          method: "GET",
          url: "/api/insights?from=2026-11-27&to=2026-11-01",
          headers: { "x-access-token": admin.accessToken },
        })
      ).statusCode,
    ).toBe(400);
  });
});
