import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import type { CatalogEvent } from "../../domain/events.ts";
import type { TestDatabase } from "../test-support/databases.ts";
import { testEngines } from "../test-support/databases.ts";
import { fakeEvents } from "../test-support/fake-build.ts";
import { mailingApp } from "../test-support/mailing-app.ts";
import { startSmtp } from "../test-support/smtp.ts";
import { signedInUser, testTokens } from "../test-support/tokens.ts";

/**
 * An event published under a new slug keeps its registrations (docs/decisions/034): the
 * admin's list and the seat count follow it, a guest's manage link still finds it, and a
 * change of time published with the rename reaches everyone registered.
 */

const clock = new Date("2026-11-26T13:00:00.000Z");
const siteUrl = "https://fineline.studio";
const renamedSlug = "website-repair-evening";
const small = fakeEvents.find((event) => event.slug === "small-workshop") as CatalogEvent;

const workshop = {
  type: "event",
  slug: "small-workshop",
  title: "Small workshop",
  description:
    "An evening of small-business website repairs, with coffee and a laptop each, in Savannah.",
  start: "2099-03-18T18:00:00-04:00",
  end: "2099-03-18T20:30:00-04:00",
  format: "in-person",
  venue: {
    name: "Telfair Street Workshop Hall",
    street: "218 Telfair St",
    locality: "Savannah",
    region: "GA",
    postalCode: "31401",
    country: "US",
  },
  price: "$25",
  capacity: 5,
  announced: "2020-01-01",
  body: "We fix what we can in two hours.\n",
};

describe.each(testEngines)("a renamed event on $name", (engine) => {
  it("takes its registrations and seats to the new slug, and tells them of a new time", async () => {
    const database = await engine.open();
    const smtp = await startSmtp();
    const app = await mailingApp(database as TestDatabase, smtp.url, {
      now: () => clock,
      // The catalog as the live site leaves it after the rename's publish
      // (server/site/live-site.integration.test.ts proves that step): both addresses known.
      events: [small, { ...small, slug: renamedSlug, url: `${siteUrl}/events/${renamedSlug}` }],
    });
    const { accessToken } = await signedInUser(database.db, "admin", undefined, {
      ...testTokens,
      issuer: "https://fineline.studio",
    });
    const call = (method: "POST" | "PUT" | "GET", url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { "x-access-token": accessToken },
        ...(payload ? { payload } : {}),
      });
    const register = (slug: string, n: number, seats: number) =>
      app.inject({
        method: "POST",
        url: `/api/events/${slug}/registrations`,
        remoteAddress: `10.9.1.${n}`,
        payload: { email: `guest${n}@example.com`, firstName: "Ada", lastName: "Guest", seats },
      });
    try {
      const created = await call("POST", "/api/content", workshop);
      expect(created.statusCode).toBe(201);
      const { id } = created.json().entry as { id: string };
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);
      expect((await register("small-workshop", 1, 2)).statusCode).toBe(201);
      expect((await register("small-workshop", 2, 1)).statusCode).toBe(201);

      // Renamed, and a day later, in one publish.
      const { type: _type, ...fields } = workshop;
      const renamed = {
        ...fields,
        slug: renamedSlug,
        start: "2099-03-19T18:00:00-04:00",
        end: "2099-03-19T20:30:00-04:00",
      };
      expect((await call("PUT", `/api/content/${id}`, { ...renamed, version: 1 })).statusCode).toBe(
        200,
      );
      expect((await call("POST", `/api/content/${id}/publish`, {})).statusCode).toBe(200);

      const list = await call("GET", `/api/events/${renamedSlug}/registrations`);
      expect(list.statusCode, list.body).toBe(200);
      expect(JSON.stringify(list.json())).toContain("guest1@example.com");
      expect(JSON.stringify(list.json())).toContain("guest2@example.com");
      // Three of five seats were taken before the rename, and still are after it.
      expect((await register(renamedSlug, 3, 3)).statusCode).toBe(409);
      expect((await register(renamedSlug, 3, 2)).statusCode).toBe(201);
      expect(
        await database.db
          .selectFrom("event_seats")
          .select(["event_slug", "taken"])
          .orderBy("event_slug")
          .execute(),
      ).toEqual([
        { event_slug: "small-workshop", taken: 0 },
        { event_slug: renamedSlug, taken: 5 },
      ]);

      // Both guests are told of the new time, under the event's new address.
      app.outbox?.poke();
      await app.outbox?.idle();
      for (const guest of ["guest1@example.com", "guest2@example.com"]) {
        const mails = await Promise.all(
          smtp.received.filter((m) => m.to.includes(guest)).map((m) => simpleParser(m.raw)),
        );
        expect(mails.map((mail) => mail.subject)).toContain("New time: Small workshop");
        expect(mails.at(-1)?.text).toContain(`/events/${renamedSlug}`);
      }
    } finally {
      await app.close();
      await smtp.close();
      await database.close();
    }
  });
});
