import type { FastifyInstance, InjectOptions } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LeadRecord, leadTexts, limits } from "../../domain/leads.ts";
import { accessTexts } from "../auth/guards.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { badAccessTokens, signedInUser, testSecret } from "../test-support/tokens.ts";
import { pagingTexts } from "./lead-paging.ts";
import { createContactLead } from "./leads.repository.ts";

const minute = 60_000;
const start = Date.parse("2026-11-01T09:00:00.000Z");

describe.each(testEngines)("lead API on $name", (engine) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeEach(async () => {
    database = await engine.open();
    app = await buildTestApp(database, { JWT_SECRET: testSecret });
    admin = await signedInUser(database.db, "admin");
  });
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  /** n leads, one a minute apart from `start`, oldest first; returns their ids in that order. */
  const seed = async (n: number, offset = 0) => {
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
  };

  const as = (token: string | undefined, options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { ...options.headers, ...(token === undefined ? {} : { "x-access-token": token }) },
    });
  // As the admin; the authorization tests call `as` with each token, or none.
  const get = (url: string) => as(admin.accessToken, { method: "GET", url });
  const update = (id: string, payload: object) =>
    as(admin.accessToken, { method: "POST", url: `/api/leads/update/${id}`, payload });
  const ids = (leads: LeadRecord[]) => leads.map((lead) => lead.ID);

  describe("authorization", () => {
    it("answers 401 to every bad token and 403 to a non-admin, on every lead endpoint", async () => {
      const [id = ""] = await seed(1);
      const endpoints: Array<{ name: string; call: (token?: string) => ReturnType<typeof get> }> = [
        { name: "GET new", call: (token) => as(token, { method: "GET", url: "/api/leads/new" }) },
        { name: "GET old", call: (token) => as(token, { method: "GET", url: "/api/leads/old" }) },
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
      const member = await signedInUser(database.db, "user");
      for (const endpoint of endpoints) {
        for (const [name, token] of Object.entries(bad)) {
          const res = await endpoint.call(token);
          expect(res.statusCode, `${endpoint.name}: ${name}`).toBe(401);
          expect(res.json()).toEqual({ message: accessTexts.unauthenticated });
          expect(res.headers["cache-control"]).toBe("no-store");
        }
        const forbidden = await endpoint.call(member.accessToken);
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

    it("refuses a demoted admin at once, and the token of a deleted user", async () => {
      await database.db.updateTable("users").set({ role: "user" }).execute();
      expect((await get("/api/leads/new")).statusCode).toBe(403);
      await database.db.deleteFrom("refresh_tokens").execute();
      await database.db.deleteFrom("users").execute();
      expect((await get("/api/leads/new")).statusCode).toBe(401);
    });
  });

  describe("lists", () => {
    it("puts UNREAD leads newest first in new, the rest latest update first in old", async () => {
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

    it("pages with a cursor and a Link header, without skipping or repeating a lead", async () => {
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

    it("pages correctly through leads that share a timestamp", async () => {
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

    it("defaults to 50 a page and refuses a bad limit or cursor with 400", async () => {
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
    it("saves statuses and notes and answers the spec's message with the lead", async () => {
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

    it("changes only the fields sent", async () => {
      const [id = ""] = await seed(1);
      await update(id, { Notes: "First note" });
      const res = await update(id, { LeadStatus: "COLD" });
      expect(res.json().lead).toMatchObject({
        CommStatus: "UNREAD",
        LeadStatus: "COLD",
        Notes: "First note",
      });
    });

    it("answers 404 for an unknown lead and 400 for every bad input, never 500", async () => {
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

    it("refuses a stale update with 409 and the current lead; never overwrites silently", async () => {
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

    it("gives every save its own UpdatedAt, even many in one millisecond", async () => {
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
});
