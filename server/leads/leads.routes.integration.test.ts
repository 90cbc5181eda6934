import type { InjectOptions } from "fastify";
import { describe, expect } from "vitest";
import { type LeadRecord, leadTexts } from "../../domain/lead-record.ts";
import { limits } from "../../domain/limits.ts";
import { pagingTexts } from "../../domain/paging.ts";
import { accessTexts } from "../auth/guards.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, signedInUser } from "../test-support/tokens.ts";

const minute = 60_000;
const start = Date.parse("2026-11-01T09:00:00.000Z");

describe.each(testEngines)("lead API on $name", (engine) => {
  const test = engineTest(engine)
    /** n leads, one a minute apart from `start`, oldest first; returns their ids in that order. */
    .extend("seed", ({ database }) => async (n: number, offset = 0) => {
      const ids: string[] = [];
      for (let i = offset; i < offset + n; i++) {
        const { id } = await createContactLead(
          database.db,
          {
            firstName: `First${i}`,
            lastName: `Last${i}`,
            email: `lead${i}@shop.example`,
            message: `Message ${i}`,
            sourcePage: "/",
          },
          { now: new Date(start + i * minute) },
        );
        ids.push(id);
      }
      return ids;
    })
    .extend(
      "as",
      ({ app }) =>
        (token: string | undefined, options: InjectOptions) =>
          app.inject({
            ...options,
            headers: {
              ...options.headers,
              ...(token === undefined ? {} : { "x-access-token": token }),
            },
          }),
    )
    // As the admin; the authorization tests call `as` with each token, or none.
    .extend(
      "get",
      ({ admin, as }) =>
        (url: string) =>
          as(admin.accessToken, { method: "GET", url }),
    )
    .extend(
      "update",
      ({ admin, as }) =>
        (id: string, payload: object) =>
          as(admin.accessToken, { method: "POST", url: `/api/leads/update/${id}`, payload }),
    );

  const ids = (leads: LeadRecord[]) => leads.map((lead) => lead.ID);

  describe("authorization", () => {
    test("answers 401 to every bad token and 403 to a non-admin, on every lead endpoint", async ({
      database,
      admin,
      seed,
      as,
      get,
    }) => {
      const [id = ""] = await seed(1);
      const endpoints: Array<{ name: string; call: (token?: string) => ReturnType<typeof get> }> = [
        { name: "GET new", call: (token) => as(token, { method: "GET", url: "/api/leads/new" }) },
        { name: "GET old", call: (token) => as(token, { method: "GET", url: "/api/leads/old" }) },
        {
          name: "GET history",
          call: (token) => as(token, { method: "GET", url: `/api/leads/${id}/history` }),
        },
        {
          name: "GET export",
          call: (token) => as(token, { method: "GET", url: "/api/leads/export.csv" }),
        },
        {
          name: "GET stats",
          call: (token) => as(token, { method: "GET", url: "/api/leads/stats" }),
        },
        {
          name: "POST update",
          call: (token) =>
            as(token, {
              method: "POST",
              url: `/api/leads/update/${id}`,
              payload: { ID: id, CommStatus: "REPLIED" },
            }),
        },
      ];
      const bad = await badAccessTokens(admin.id, admin.refreshToken);
      const signedUp = await signedInUser(database.db, "user");
      for (const endpoint of endpoints) {
        for (const [name, token] of Object.entries(bad)) {
          const res = await endpoint.call(token);
          expect(res.statusCode, `${endpoint.name}: ${name}`).toBe(401);
          expect(res.json()).toEqual({ message: accessTexts.unauthenticated });
          expect(res.headers["cache-control"]).toBe("no-store");
        }
        const forbidden = await endpoint.call(signedUp.accessToken);
        expect(forbidden.statusCode, `${endpoint.name}: non-admin`).toBe(403);
        expect(forbidden.json()).toEqual({ message: accessTexts.forbidden });
        expect(forbidden.headers["cache-control"]).toBe("no-store");
      }
      // Nothing was changed by all those refusals; the admin gets through.
      const list = await get("/api/leads/new");
      expect(list.statusCode).toBe(200);
      expect(list.headers["cache-control"]).toBe("no-store");
      expect(list.json()).toMatchObject([{ ID: id, CommStatus: "UNREAD" }]);
    });

    test("refuses a demoted admin at once, and the token of a deleted user", async ({
      database,
      get,
    }) => {
      await database.db.updateTable("users").set({ role: "user" }).execute();
      expect((await get("/api/leads/new")).statusCode).toBe(403);
      await database.db.deleteFrom("refresh_tokens").execute();
      await database.db.deleteFrom("users").execute();
      expect((await get("/api/leads/new")).statusCode).toBe(401);
    });
  });

  describe("lists", () => {
    test("puts UNREAD leads newest first in new, the rest latest update first in old", async ({
      seed,
      get,
      update,
    }) => {
      const [a = "", b = "", c = "", d = ""] = await seed(4);
      await update(b, { CommStatus: "REPLIED" });
      await update(a, { CommStatus: "DEAD" });
      const fresh = (await get("/api/leads/new")).json();
      expect(ids(fresh)).toEqual([d, c]);
      const old = (await get("/api/leads/old")).json();
      expect(ids(old)).toEqual([a, b]);
      expect(old[0]).toMatchObject({
        ID: a,
        FirstName: "First0",
        LastName: "Last0",
        Email: "lead0@shop.example",
        Message: "Message 0",
        ContactedUs: true,
        LeadStatus: "WARM",
        CommStatus: "DEAD",
        Notes: "",
      });
      // Back to UNREAD: back in the new list, in its place by arrival.
      await update(a, { CommStatus: "UNREAD" });
      expect(ids((await get("/api/leads/new")).json())).toEqual([d, c, a]);
    });

    test("pages with a cursor and a Link header, without skipping or repeating a lead", async ({
      seed,
      get,
    }) => {
      const all = (await seed(7)).reverse();
      const seen: string[] = [];
      let url: string | null = "/api/leads/new?limit=3";
      let pages = 0;
      while (url) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        seen.push(...ids(res.json()));
        pages++;
        const link = res.headers.link as string | undefined;
        url = link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(all);
    });

    test("pages correctly through leads that share a timestamp", async ({ database, get }) => {
      const same = new Date(start);
      for (let i = 0; i < 5; i++) {
        await createContactLead(
          database.db,
          {
            firstName: "Tie",
            lastName: `${i}`,
            email: `tie${i}@shop.example`,
            message: "",
            sourcePage: null,
          },
          { now: same },
        );
      }
      const first = await get("/api/leads/new?limit=2");
      const next = /<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? "";
      const second = await get(next);
      const rest = await get(/<([^>]+)>/.exec(String(second.headers.link))?.[1] ?? "");
      const seen = [...first.json(), ...second.json(), ...rest.json()].map((l) => l.ID);
      expect(new Set(seen).size).toBe(5);
      expect(rest.headers.link).toBeUndefined();
    });

    test("defaults to 50 a page and refuses a bad limit or cursor with 400", async ({
      seed,
      get,
    }) => {
      await seed(51);
      const first = await get("/api/leads/new");
      expect(first.json()).toHaveLength(50);
      expect(first.headers.link).toMatch(
        /^<\/api\/leads\/new\?limit=50&cursor=[\w-]+>; rel="next"$/,
      );
      for (const limit of ["0", "201", "-1", "ten", "1.5"]) {
        const res = await get(`/api/leads/old?limit=${limit}`);
        expect(res.statusCode, limit).toBe(400);
        expect(res.json()).toEqual({ message: pagingTexts.badLimit });
      }
      const forged = Buffer.from("not a date|also-not-an-id").toString("base64url");
      for (const cursor of ["%%%", forged, "x".repeat(300)]) {
        const res = await get(`/api/leads/new?cursor=${cursor}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toEqual({ message: pagingTexts.badCursor });
      }
    });
  });

  describe("update", () => {
    test("saves statuses and notes and answers the spec's message with the lead", async ({
      seed,
      get,
      update,
    }) => {
      const [id = ""] = await seed(1);
      const res = await update(id, {
        ID: id,
        CommStatus: "CONVERSING",
        LeadStatus: "HOT",
        Notes: "Called Tuesday; wants a quote for a booking page.",
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const body = res.json();
      expect(body).toMatchObject({
        message: "Saved changes!",
        lead: {
          ID: id,
          CommStatus: "CONVERSING",
          LeadStatus: "HOT",
          Notes: "Called Tuesday; wants a quote for a booking page.",
        },
      });
      expect(Date.parse(body.lead.UpdatedAt)).toBeGreaterThan(Date.parse(body.lead.CreatedAt));
      const [stored] = (await get("/api/leads/old")).json();
      expect(stored).toEqual(body.lead);
    });

    test("changes only the fields sent", async ({ seed, update }) => {
      const [id = ""] = await seed(1);
      await update(id, { Notes: "First note" });
      const res = await update(id, { LeadStatus: "COLD" });
      expect(res.json().lead).toMatchObject({
        CommStatus: "UNREAD",
        LeadStatus: "COLD",
        Notes: "First note",
      });
    });

    test("answers 404 for an unknown lead and 400 for every bad input, never 500", async ({
      admin,
      seed,
      as,
      get,
      update,
    }) => {
      const [id = ""] = await seed(1);
      expect(
        (await update("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", { CommStatus: "DEAD" })).json(),
      ).toEqual({ message: leadTexts.notFound });
      const cases: Array<[string, string, object, string]> = [
        ["malformed id", "not-a-uuid", { CommStatus: "DEAD" }, leadTexts.badId],
        ["sql in id", "1' or '1'='1", { CommStatus: "DEAD" }, leadTexts.badId],
        [
          "body ID differs",
          id,
          { ID: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", CommStatus: "DEAD" },
          leadTexts.idMismatch,
        ],
        ["bad CommStatus", id, { CommStatus: "MAYBE" }, leadTexts.badCommStatus],
        ["lowercase CommStatus", id, { CommStatus: "dead" }, leadTexts.badCommStatus],
        ["bad LeadStatus", id, { LeadStatus: 5 }, leadTexts.badLeadStatus],
        ["notes too long", id, { Notes: "n".repeat(limits.notes + 1) }, leadTexts.notesTooLong],
        ["notes not text", id, { Notes: ["a"] }, leadTexts.notesTooLong],
        ["nothing", id, {}, leadTexts.nothingToUpdate],
        [
          "bad UpdatedAt",
          id,
          { CommStatus: "DEAD", UpdatedAt: "yesterday" },
          leadTexts.badUpdatedAt,
        ],
      ];
      for (const [name, target, payload, message] of cases) {
        const res = await update(encodeURIComponent(target), payload);
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toEqual({ message });
      }
      const malformed = await as(admin.accessToken, {
        method: "POST",
        url: `/api/leads/update/${id}`,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toEqual(expect.any(String));
      // Notes of exactly the limit are fine.
      expect((await update(id, { Notes: "n".repeat(limits.notes) })).statusCode).toBe(200);
      // None of the refused updates touched the lead.
      const [lead] = (await get("/api/leads/new")).json();
      expect(lead).toMatchObject({ CommStatus: "UNREAD", LeadStatus: "WARM" });
    });

    test("refuses a stale update with 409 and the current lead; never overwrites silently", async ({
      seed,
      get,
      update,
    }) => {
      const [id = ""] = await seed(1);
      const [seen] = (await get("/api/leads/new")).json();
      const first = await update(id, { Notes: "Mine", UpdatedAt: seen.UpdatedAt });
      expect(first.statusCode).toBe(200);
      const second = await update(id, { Notes: "Theirs", UpdatedAt: seen.UpdatedAt });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: leadTexts.changedSince, lead: first.json().lead });
      // Based on the current version it goes through.
      const third = await update(id, { Notes: "Theirs", UpdatedAt: first.json().lead.UpdatedAt });
      expect(third.json().lead.Notes).toBe("Theirs");
    });

    test("gives every save its own UpdatedAt, even many in one millisecond", async ({
      seed,
      get,
      update,
    }) => {
      const [id = ""] = await seed(1);
      const results = await Promise.all(
        ["REPLIED", "DEAD", "CONVERSING", "RESOLVED"].map((CommStatus) =>
          update(id, { CommStatus }),
        ),
      );
      const stamps = results.map((res) => res.json().lead.UpdatedAt);
      expect(results.every((res) => res.statusCode === 200)).toBe(true);
      expect(new Set(stamps).size).toBe(4);
      const [stored] = (await get("/api/leads/old")).json();
      expect(stored.UpdatedAt).toBe(stamps.sort().at(-1));
    });
  });

  describe("search and filters", () => {
    test("finds every word in name, e-mail or message, case-insensitively, on both lists", async ({
      database,
      seed,
      get,
      update,
    }) => {
      const [rosa = "", , bakery = ""] = await seed(4);
      await database.db
        .updateTable("leads")
        .set({ first_name: "Rosa", last_name: "Diaz", message: "A site for my BAKERY, please" })
        .where("id", "=", rosa)
        .execute();
      await database.db
        .updateTable("leads")
        .set({ message: "Our bakery needs online orders" })
        .where("id", "=", bakery)
        .execute();
      expect(ids((await get("/api/leads/new?q=bakery")).json())).toEqual([bakery, rosa]);
      expect(ids((await get("/api/leads/new?q=rosa%20bakery")).json())).toEqual([rosa]);
      expect(ids((await get("/api/leads/new?q=ROSA%20DIAZ")).json())).toEqual([rosa]);
      expect(ids((await get("/api/leads/new?q=lead2%40shop")).json())).toEqual([bakery]);
      // LIKE's wildcards are taken literally.
      expect((await get("/api/leads/new?q=%25")).json()).toEqual([]);
      expect((await get("/api/leads/new?q=_")).json()).toEqual([]);
      // NUL ends an FTS5 query and PostgreSQL refuses it: it separates words instead of a 500.
      const nul = await get("/api/leads/new?q=rosa%00bakery");
      expect(nul.statusCode).toBe(200);
      expect(ids(nul.json())).toEqual([rosa]);
      expect((await get("/api/leads/export.csv?q=%00")).statusCode).toBe(200);
      await update(rosa, { CommStatus: "REPLIED", LeadStatus: "HOT" });
      expect(ids((await get("/api/leads/old?q=bakery")).json())).toEqual([rosa]);
      expect(ids((await get("/api/leads/new?q=bakery")).json())).toEqual([bakery]);
    });

    test("filters by each status, keeps filters in the next link, and ignores unknown values", async ({
      seed,
      get,
      update,
    }) => {
      const leads = await seed(6);
      for (const id of leads.slice(0, 4)) await update(id, { CommStatus: "CONVERSING" });
      await update(leads[0] ?? "", { LeadStatus: "HOT" });
      await update(leads[1] ?? "", { LeadStatus: "HOT" });
      await update(leads[2] ?? "", { LeadStatus: "HOT", CommStatus: "DEAD" });
      const hot = await get("/api/leads/old?lead=HOT&comm=CONVERSING&limit=1");
      expect(ids(hot.json())).toEqual([leads[1]]);
      expect(hot.headers.link).toMatch(/lead=HOT/);
      expect(hot.headers.link).toMatch(/comm=CONVERSING/);
      const next = /<([^>]+)>/.exec(String(hot.headers.link))?.[1] ?? "";
      expect(ids((await get(next)).json())).toEqual([leads[0]]);
      expect((await get("/api/leads/old?lead=LUKEWARM")).json()).toHaveLength(4);
    });
  });

  describe("history", () => {
    test("records who changed which field from what to what, newest first", async ({
      seed,
      get,
      update,
    }) => {
      const [id = ""] = await seed(1);
      await update(id, { CommStatus: "REPLIED", LeadStatus: "WARM", Notes: "" });
      await update(id, { LeadStatus: "HOT", Notes: "Wants a quote" });
      const res = await get(`/api/leads/${id}/history`);
      expect(res.statusCode).toBe(200);
      const events = res.json();
      const changes = events.map((e: { Field: string; From: string; To: string }) => [
        e.Field,
        e.From,
        e.To,
      ]);
      // Unchanged values (LeadStatus WARM → WARM, empty notes) are not recorded.
      expect(changes).toHaveLength(3);
      expect(changes.slice(0, 2)).toEqual(
        expect.arrayContaining([
          ["LeadStatus", "WARM", "HOT"],
          ["Notes", "", "Wants a quote"],
        ]),
      );
      expect(changes[2]).toEqual(["CommStatus", "UNREAD", "REPLIED"]);
      expect(events.every((e: { By: string }) => e.By === "admin@fineline.studio")).toBe(true);
      expect(Date.parse(events[0].At)).toBeGreaterThanOrEqual(Date.parse(events.at(-1).At));
    });

    test("answers 404 for an unknown lead and 400 for a malformed id", async ({ get }) => {
      expect(
        (await get("/api/leads/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/history")).statusCode,
      ).toBe(404);
      expect((await get("/api/leads/nope/history")).statusCode).toBe(400);
    });

    test("records nothing for a refused stale update", async ({ seed, get, update }) => {
      const [id = ""] = await seed(1);
      const [seen] = (await get("/api/leads/new")).json();
      await update(id, { Notes: "first" });
      expect((await update(id, { Notes: "stale", UpdatedAt: seen.UpdatedAt })).statusCode).toBe(
        409,
      );
      expect((await get(`/api/leads/${id}/history`)).json()).toHaveLength(1);
    });
  });

  describe("CSV export", () => {
    test("exports the current search and filters, quoted per RFC 4180, formulas neutralised", async ({
      database,
      seed,
      get,
      update,
    }) => {
      const [plain = "", hostile = ""] = await seed(3);
      await database.db
        .updateTable("leads")
        .set({
          first_name: '=HYPERLINK("http://evil.example")',
          message: 'Line one\nsaid "hi", then left',
        })
        .where("id", "=", hostile)
        .execute();
      await update(plain, { Notes: "@mention, +1", LeadStatus: "HOT" });
      const res = await get("/api/leads/export.csv");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers["cache-control"]).toBe("no-store");
      const body = res.body;
      expect(
        body.startsWith(
          "\uFEFFID,FirstName,LastName,Email,Message,ContactedUs,CommStatus,LeadStatus,Notes,SourcePage,CreatedAt,UpdatedAt,NextFollowUp,Source,Referrer,UtmSource,UtmMedium,UtmCampaign,Value,ClosedAt,AssignedTo\r\n",
        ),
      ).toBe(true);
      const lines = body.slice(1).split("\r\n");
      expect(lines.at(-1)).toBe("");
      expect(body).toContain(
        `${hostile},"'=HYPERLINK(""http://evil.example"")",Last1,lead1@shop.example,"Line one\nsaid ""hi"", then left",true,UNREAD,WARM,,/,`,
      );
      expect(body).toContain(`,UNREAD,HOT,"'@mention, +1",/,`);
      const hot = await get("/api/leads/export.csv?lead=HOT");
      expect(hot.body.slice(1).split("\r\n").filter(Boolean)).toHaveLength(2);
    });

    test("streams every lead, past one page", async ({ seed, get }) => {
      await seed(1205);
      const res = await get("/api/leads/export.csv?list=new");
      expect(res.body.slice(1).split("\r\n").filter(Boolean)).toHaveLength(1206);
    });
  });

  describe("stats", () => {
    test("counts new, following up and converted this month, and leads per week by status", async ({
      database,
      get,
      update,
    }) => {
      const now = Date.now();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { id } = await createContactLead(
          database.db,
          {
            firstName: "W",
            lastName: `${i}`,
            email: `w${i}@shop.example`,
            message: "",
            sourcePage: null,
          },
          { now: new Date(now - i * 7 * 24 * 60 * 60 * 1000) },
        );
        ids.push(id);
      }
      await update(ids[0] ?? "", { CommStatus: "CONVERSING", LeadStatus: "CONVERTED" });
      await update(ids[1] ?? "", { CommStatus: "DEAD", LeadStatus: "ABANDONED" });
      const stats = (await get("/api/leads/stats")).json();
      expect(stats).toMatchObject({ newLeads: 3, followingUp: 2, convertedThisMonth: 1 });
      expect(stats.weeks).toHaveLength(12);
      const total = stats.weeks.reduce(
        (sum: number, w: { counts: Record<string, number> }) =>
          sum + Object.values(w.counts).reduce((a, b) => a + b, 0),
        0,
      );
      expect(total).toBe(5);
      expect(stats.weeks.at(-1).counts.CONVERTED).toBe(1);
      expect(new Date(stats.weeks[0].start).getUTCDay()).toBe(1);
    });
  });
});
