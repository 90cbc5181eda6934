import { describe, expect } from "vitest";
import { clientCaps, clientCapTexts } from "../../domain/client-caps.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";

const now = new Date("2026-11-26T13:00:00.000Z");
const most = clientCaps.seatsPerAddress;
const message = clientCapTexts.seatsForAddress(most);

const guest = (n: number, seats: number) => ({
  email: `made-up-${n}@example.com`,
  firstName: "Sam",
  lastName: `Guest ${n}`,
  seats,
});

/**
 * One client cannot fill an event with made-up addresses: at most ten seats of one event per
 * client address across its registrations, decided by the database under registrations sent
 * at the same moment (docs/events.md, "Limits").
 */
describe.each(testEngines)("seats one client may take, on $name", (engine) => {
  const test = engineTest(engine, { deps: { now: () => now } })
    .extend(
      "register",
      ({ app }) =>
        (payload: object, remoteAddress: string, slug = "open-evening") =>
          app.inject({
            method: "POST",
            url: `/api/events/${slug}/registrations`,
            remoteAddress,
            payload,
          }),
    )
    .extend(
      "seatsTaken",
      ({ database }) =>
        async () =>
          Number(
            (
              await database.db
                .selectFrom("event_seats")
                .select("taken")
                .where("event_slug", "=", "open-evening")
                .executeTakeFirst()
            )?.taken ?? 0,
          ),
    );

  test("takes ten seats from one address under any names, then answers 429 with why", async ({
    register,
    seatsTaken,
  }) => {
    expect((await register(guest(1, 10), "192.0.2.1")).statusCode).toBe(201);
    for (const n of [2, 3, 4]) {
      const more = await register(guest(n, 10), "192.0.2.1");
      expect(more.statusCode).toBe(429);
      expect(more.json()).toEqual({ message });
      expect(Number(more.headers["retry-after"])).toBeGreaterThan(0);
    }
    const one = await register(guest(5, 1), "192.0.2.1");
    expect(one.statusCode).toBe(429);
    expect(await seatsTaken()).toBe(most);
    // Another client is another client; an IPv6 one is counted by its /64.
    expect((await register(guest(6, 6), "2001:db8:9:9::1")).statusCode).toBe(201);
    expect((await register(guest(7, 6), "2001:db8:9:9::2")).statusCode).toBe(429);
  });

  test("gives no more than ten seats to registrations sent at the same moment from one address", async ({
    register,
    seatsTaken,
  }) => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => register(guest(n, 3), "203.0.113.5")),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(Math.floor(most / 3));
    expect(codes.filter((code) => code === 429)).toHaveLength(8 - Math.floor(most / 3));
    expect(await seatsTaken()).toBe(Math.floor(most / 3) * 3);
  });

  test("shows the refusal on the event's page to a form sent without JavaScript", async ({
    app,
    register,
  }) => {
    expect((await register(guest(1, 10), "192.0.2.9")).statusCode).toBe(201);
    const res = await app.inject({
      method: "POST",
      url: "/api/events/open-evening/registrations",
      remoteAddress: "192.0.2.9",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        email: "another@example.com",
        firstName: "Sam",
        lastName: "Again",
        seats: "2",
      }).toString(),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("the most seats one person can");
    expect(res.body).toContain('value="another@example.com"');
  });

  test("is a rate limit: RATE_LIMIT=off lifts it", async ({ database }) => {
    const open = await buildTestApp(
      database,
      { JWT_SECRET: testSecret, RATE_LIMIT: "off" },
      { now: () => now },
    );
    try {
      for (const n of [1, 2])
        expect(
          (
            await open.inject({
              method: "POST",
              url: "/api/events/open-evening/registrations",
              remoteAddress: "192.0.2.10",
              payload: guest(n, 10),
            })
          ).statusCode,
        ).toBe(201);
    } finally {
      await open.close();
    }
  });
});
