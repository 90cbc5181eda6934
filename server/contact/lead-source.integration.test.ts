import { describe, expect } from "vitest";
import type { LeadRecord } from "../../domain/lead-record.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

const person = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "A new site, please.",
};

describe.each(testEngines)("where leads come from, on $name", (engine) => {
  let ip = 0;
  // SITE_URL is the default, http://localhost:3000: this site's own host is localhost.
  const test = engineTest(engine)
    .extend(
      "contact",
      ({ app }) =>
        (payload: object | string, headers: Record<string, string> = {}) =>
          app.inject({
            method: "POST",
            url: "/api/leads/contact-us",
            remoteAddress: `10.2.${Math.floor(++ip / 250)}.${ip % 250}`,
            ...(typeof payload === "string" ? { payload } : { payload }),
            headers,
          }),
    )
    .extend(
      "get",
      ({ app, admin }) =>
        (url: string) =>
          app.inject({ method: "GET", url, headers: { "x-access-token": admin.accessToken } }),
    )
    .extend(
      "newLeads",
      ({ get }) =>
        async (query = "") =>
          (await get(`/api/leads/new${query}`)).json() as LeadRecord[],
    );

  test("takes the page the form was sent from only from this site's own pages", async ({
    contact,
    newLeads,
  }) => {
    const sentFrom = async (payload: object, headers: Record<string, string> = {}) => {
      const email = `page-${++ip}@bakery.example`;
      expect((await contact({ ...person, email, ...payload }, headers)).statusCode).toBe(201);
      return (await newLeads(`?q=${encodeURIComponent(email)}`))[0]?.SourcePage;
    };
    // Another site's Referer is where the visitor came from, not the form's page.
    expect(
      await sentFrom({}, { referer: "https://google.com/search?q=bakery+websites" }),
    ).toBeNull();
    expect(await sentFrom({}, { referer: "https://evil.example/about" })).toBeNull();
    // This site's own page, as a form posted without JavaScript reports it.
    expect(await sentFrom({}, { referer: "http://localhost:3000/about?x=1#contact-us" })).toBe(
      "/about",
    );
    // What the form sends, when it is a path of this site.
    expect(await sentFrom({ sourcePage: "/home2?utm_source=x" })).toBe("/home2");
    expect(await sentFrom({ sourcePage: "https://google.com/search" })).toBeNull();
    expect(await sentFrom({ sourcePage: "//evil.example/search" })).toBeNull();
  });

  test("records the page, referrer and campaign the form sends, and labels the lead", async ({
    contact,
    newLeads,
  }) => {
    const res = await contact({
      ...person,
      sourcePage: "/about",
      referrer: "https://www.google.com/search?q=bakery+websites",
      utmSource: "Spring-Mail",
      utmMedium: "email",
      utmCampaign: "spring 2026",
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await newLeads();
    expect(lead).toMatchObject({
      SourcePage: "/about",
      Referrer: "https://www.google.com/search",
      UtmSource: "Spring-Mail",
      UtmMedium: "email",
      UtmCampaign: "spring 2026",
      Source: "spring-mail",
    });
  });

  test("never refuses a lead over its source: wrong types, control characters and long values are cleaned", async ({
    contact,
    newLeads,
  }) => {
    const res = await contact({
      ...person,
      referrer: { url: "https://evil.example" },
      utmSource: `news\u0000letter\u0007${"x".repeat(500)}`,
      utmMedium: 42,
      utmCampaign: ["a", "b"],
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await newLeads();
    expect(lead?.Referrer).toBeNull();
    expect(lead?.UtmSource).toBe(`newsletter${"x".repeat(90)}`);
    expect(lead?.UtmMedium).toBeNull();
    expect(lead?.UtmCampaign).toBeNull();
    expect(lead?.Source).toBe(`newsletter${"x".repeat(90)}`);
  });

  test("reads what it can from a form posted without JavaScript: the page and its campaign tags", async ({
    contact,
    newLeads,
  }) => {
    const res = await contact(new URLSearchParams({ ...person, sourcePage: "/home" }).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      referer: "http://localhost:3000/home?utm_source=flyer&utm_medium=print&utm_campaign=market",
    });
    expect(res.statusCode).toBe(303);
    const [lead] = await newLeads();
    expect(lead).toMatchObject({
      SourcePage: "/home",
      // The Referer is this site's own page: a page, not where the visitor came from.
      Referrer: null,
      UtmSource: "flyer",
      UtmMedium: "print",
      UtmCampaign: "market",
      Source: "flyer",
    });
  });

  test("calls a visit with nothing to go on direct", async ({ contact, newLeads }) => {
    await contact(person);
    expect((await newLeads())[0]?.Source).toBe("direct");
  });

  test("filters by source, exports it, and counts leads by source on the dashboard", async ({
    contact,
    get,
    newLeads,
  }) => {
    await contact({ ...person, email: "a@x.example", utmSource: "google" });
    await contact({ ...person, email: "b@x.example", referrer: "https://www.google.com/" });
    await contact({ ...person, email: "c@x.example", utmSource: "Google" });
    await contact({ ...person, email: "d@x.example", sourcePage: "/guides/wordpress" });
    await contact({ ...person, email: "e@x.example", referrer: "https://www.google.co.uk/" });
    // A campaign from google and a visitor sent by google.com are one source (docs/tracker.md).
    const google = ["a@x.example", "b@x.example", "c@x.example", "e@x.example"];
    expect((await newLeads("?source=google")).map((lead) => lead.Email).sort()).toEqual(google);
    // The site's host finds the same leads as its name.
    expect((await newLeads("?source=GOOGLE.COM")).map((lead) => lead.Email).sort()).toEqual(google);
    const [fromSite] = await newLeads(`?q=${encodeURIComponent("b@x.example")}`);
    expect(fromSite).toMatchObject({ Source: "google", Referrer: "https://www.google.com" });
    // An unknown source matches nothing; it is not an error.
    expect(await newLeads("?source=nowhere")).toEqual([]);

    const csv = (await get("/api/leads/export.csv?source=google")).body;
    const [header, ...rows] = csv.slice(1).trim().split("\r\n");
    const columns = header?.split(",") ?? [];
    expect(columns.slice(columns.indexOf("Source"), columns.indexOf("Source") + 5)).toEqual([
      "Source",
      "Referrer",
      "UtmSource",
      "UtmMedium",
      "UtmCampaign",
    ]);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.includes(",google,"))).toBe(true);

    const stats = (await get("/api/leads/stats")).json();
    expect(stats.sources).toEqual([
      { source: "google", leads: 4 },
      { source: "direct", leads: 1 },
    ]);
    // The page that brought them, where it is known.
    expect(stats.topPages).toEqual([{ page: "/guides/wordpress", leads: 1 }]);
  });
});
