import { describe, expect } from "vitest";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { countViews } from "../insights/visits.repository.ts";
import { newPost } from "../test-support/content-entries.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * The studio's list says what each entry brought in the last 30 days (docs/site.md, "What each
 * entry brings"): views of its page and its old paths, the leads that entered on them, and
 * what those won; the same figures the insights show for those pages.
 */

// 10:00 on Tuesday 1 December 2026 in New York: the 30 days are Nov 2 to Dec 1.
const now = new Date("2026-12-01T15:00:00.000Z");
const path = (slug: string) => `/secret/blog/blog/${slug}`;

describe.each(testEngines)("what each entry brings, on $name", (engine) => {
  const test = engineTest(engine, {
    env: { TIMEZONE: "America/New_York", CURRENCY: "USD" },
    deps: { now: () => now, contentChanged: async () => {} },
  }).extend(
    "call",
    ({ app, admin }) =>
      (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
        app.inject({
          method,
          url,
          headers: { "x-access-token": admin.accessToken },
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
  );
  const { type: _type, ...postFields } = newPost;

  test("counts views, leads and won value of the last 30 days, old paths included", async ({
    call,
    database,
  }) => {
    const create = async (slug: string) => {
      const res = await call("POST", "/api/content", { ...newPost, slug });
      expect(res.statusCode).toBe(201);
      return res.json().entry.id as string;
    };
    const publish = async (id: string) =>
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
    // A post published, then renamed: its first path now redirects to the new one.
    const renamed = await create("spring-checklist");
    await publish(renamed);
    const saved = await call("PUT", `/api/content/${renamed}`, {
      ...postFields,
      slug: "spring-checklist-2027",
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    await publish(renamed);
    const other = await create("autumn-notes");
    await publish(other);
    const draft = await create("winter-plans");

    const views = (day: string, page: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        day,
        visitor: `${day}-${page}-${i}`,
        path: page,
        source: "direct",
        at: new Date(`${day}T12:00:00.000Z`),
      }));
    await countViews(database.db, [
      ...views("2026-12-01", path("spring-checklist-2027"), 3),
      ...views("2026-11-20", path("spring-checklist"), 2),
      // The first of the 30 days counts; the day before does not.
      ...views("2026-11-02", path("spring-checklist-2027"), 1),
      ...views("2026-11-01", path("spring-checklist"), 5),
      ...views("2026-11-30", path("autumn-notes"), 4),
      ...views("2026-11-30", "/about", 7),
      // A draft's path has no page: views there are not the draft's.
      ...views("2026-11-30", path("winter-plans"), 9),
    ]);

    const lead = async (name: string, entryPage: string | null, at: string) =>
      (
        await createContactLead(
          database.db,
          {
            firstName: name,
            lastName: "Baker",
            email: `${name}@x.example`,
            message: "A new site, please.",
            sourcePage: "/",
            entryPage,
          },
          { now: new Date(at), notify: false },
        )
      ).id;
    const close = async (id: string, LeadStatus: string, Value: number) =>
      expect(
        (await call("POST", `/api/leads/update/${id}`, { LeadStatus, Value })).statusCode,
      ).toBe(200);
    await close(
      await lead("ann", path("spring-checklist-2027"), "2026-11-30T16:00:00.000Z"),
      "CONVERTED",
      12000,
    );
    await lead("bo", path("spring-checklist"), "2026-11-10T16:00:00.000Z");
    // Older than the 30 days: won, but not in these figures.
    await close(
      await lead("cy", path("spring-checklist-2027"), "2026-10-20T16:00:00.000Z"),
      "CONVERTED",
      5000,
    );
    // 23:59 on Nov 1 in New York (04:59 on Nov 2 in UTC): the day before the 30 days.
    await lead("di", path("spring-checklist-2027"), "2026-11-02T04:59:00.000Z");
    await close(
      await lead("ed", path("autumn-notes"), "2026-11-25T16:00:00.000Z"),
      "ABANDONED",
      800,
    );
    await close(await lead("flo", "/about", "2026-11-25T16:00:00.000Z"), "CONVERTED", 3000);
    await lead("gus", null, "2026-11-25T16:00:00.000Z");

    const list = await call("GET", "/api/content?type=post");
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.period).toEqual({ from: "2026-11-02", to: "2026-12-01" });
    const statsOf = (id: string) =>
      body.entries.find((entry: { id: string }) => entry.id === id)?.stats;
    expect(statsOf(renamed)).toEqual({ views: 6, leads: 2, won: 1, wonValue: 12000 });
    expect(statsOf(other)).toEqual({ views: 4, leads: 1, won: 0, wonValue: 0 });
    // Never published: no page, so no figures (not zeros).
    expect(statsOf(draft)).toBeNull();
    // The search filters the list; the figures stay each entry's own.
    const found = (await call("GET", "/api/content?q=autumn")).json().entries;
    expect(found).toEqual([
      expect.objectContaining({ id: other, stats: { views: 4, leads: 1, won: 0, wonValue: 0 } }),
    ]);

    // The insights say the same of these pages over the same days.
    const insights = (await call("GET", "/api/insights")).json();
    expect({ from: insights.from, to: insights.to }).toEqual(body.period);
    const mine = [path("spring-checklist-2027"), path("spring-checklist")];
    const pageViews = insights.pages
      .filter((page: { path: string }) => mine.includes(page.path))
      .reduce((sum: number, page: { pageviews: number }) => sum + page.pageviews, 0);
    const entered = insights.entryPages.filter((page: { path: string }) =>
      mine.includes(page.path),
    );
    const sum = (key: "leads" | "won" | "wonValue") =>
      entered.reduce((total: number, page: Record<string, number>) => total + (page[key] ?? 0), 0);
    expect({
      views: pageViews,
      leads: sum("leads"),
      won: sum("won"),
      wonValue: sum("wonValue"),
    }).toEqual(statsOf(renamed));

    // Taken off the site: no live page, no figures.
    expect((await call("POST", `/api/content/${other}/unpublish`, {})).statusCode).toBe(200);
    const after = (await call("GET", "/api/content?type=post")).json();
    expect(after.entries.find((entry: { id: string }) => entry.id === other)?.stats).toBeNull();
  });

  test("a published testimonial has no page of its own, so no figures", async ({ call }) => {
    const created = await call("POST", "/api/content", {
      type: "testimonial",
      slug: "rosa",
      name: "Rosa Lind",
      role: "Owner",
      business: "Lind Bakery",
      location: "Savannah, GA",
      body: "They made our site in a month.",
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().entry;
    expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
    const list = (await call("GET", "/api/content?type=testimonial")).json();
    expect(list.entries).toEqual([expect.objectContaining({ id, url: null, stats: null })]);
  });
});
