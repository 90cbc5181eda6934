import { describe, expect } from "vitest";
import { clientCaps, clientCapTexts } from "../../domain/client-caps.ts";
import { honeypotField } from "../../domain/contact-texts.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";
import { slotsPerMinute } from "./booking.routes.ts";

// Thursday 26 November 2026, 08:00 in New York.
const now = new Date("2026-11-26T13:00:00.000Z");

const person = (n: number) => ({
  email: `visitor${n}@example.com`,
  firstName: "Pat",
  lastName: `Visitor ${n}`,
  message: "",
});

/**
 * One client cannot empty the calendar: at most three upcoming calls per client address (an
 * IPv6 one by its /64) and one per e-mail address, decided by the database under calls sent
 * at the same moment (docs/booking.md, "Limits").
 */
describe.each(testEngines)("calls one client may hold, on $name", (engine) => {
  const env = { JWT_SECRET: testSecret, TIMEZONE: "America/New_York" };
  const test = engineTest(engine, { env, deps: { now: () => now } })
    .extend(
      "book",
      ({ app }) =>
        (payload: object, remoteAddress: string, server = app) =>
          server.inject({ method: "POST", url: "/api/booking", remoteAddress, payload }),
    )
    /** Offered times over the next days, enough for every test. */
    .extend(
      "starts",
      ({ app }) =>
        async (): Promise<string[]> =>
          (
            await app.inject({
              method: "GET",
              url: "/api/booking/slots?from=2026-11-30&to=2026-12-04",
              remoteAddress: "192.0.2.200",
            })
          )
            .json()
            .slots.map((slot: { start: string }) => slot.start),
    )
    .extend(
      "meetings",
      ({ database }) =>
        () =>
          database.db.selectFrom("meetings").selectAll().where("status", "=", "booked").execute(),
    );

  test("books one upcoming call per e-mail address, whatever its case, and says how to change it", async ({
    book,
    starts,
    meetings,
  }) => {
    const times = await starts();
    const [first, second] = [times[0], times[4]];
    expect((await book({ ...person(1), start: first }, "192.0.2.1")).statusCode).toBe(201);
    const again = await book(
      { ...person(1), email: "VISITOR1@example.com", start: second },
      "198.51.100.7",
    );
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: clientCapTexts.callForEmail });
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(await meetings()).toHaveLength(1);
  });

  test("never tells whoever types an address when that person's call is", async ({
    book,
    starts,
    meetings,
  }) => {
    const times = await starts();
    // Two people's calls, days apart, each booked from their own address.
    expect((await book({ ...person(1), start: times[0] }, "192.0.2.21")).statusCode).toBe(201);
    expect((await book({ ...person(2), start: times[40] }, "192.0.2.22")).statusCode).toBe(201);
    // A stranger types each address: the wait asked for is the same, whatever the call's time.
    const waits = [];
    for (const n of [1, 2]) {
      const probe = await book({ ...person(n), start: times[20] }, "198.51.100.99");
      expect(probe.statusCode).toBe(429);
      waits.push(probe.headers["retry-after"]);
    }
    expect(waits[0]).toBe(waits[1]);
    // A bot (a spam verdict) is answered like a booking and learns nothing; nothing is booked.
    const bot = await book(
      { ...person(1), start: times[20], [honeypotField]: "https://seo.example" },
      "198.51.100.98",
    );
    expect(bot.statusCode).toBe(201);
    expect(await meetings()).toHaveLength(2);
  });

  test("gives one of ten calls for one e-mail address sent at the same moment from ten addresses", async ({
    book,
    starts,
    meetings,
  }) => {
    const times = await starts();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        book({ ...person(7), start: times[n * 2] }, `198.51.100.${30 + n}`),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(clientCaps.callsPerEmail);
    expect(codes.filter((code) => code === 429)).toHaveLength(10 - clientCaps.callsPerEmail);
    expect(await meetings()).toHaveLength(clientCaps.callsPerEmail);
  });

  test("books at most three upcoming calls from one address, an IPv6 client by its /64", async ({
    book,
    starts,
    meetings,
  }) => {
    const times = await starts();
    for (const n of [1, 2, 3])
      expect(
        (await book({ ...person(n), start: times[n * 2] }, `2001:db8:1:2::${n}`)).statusCode,
      ).toBe(201);
    const fourth = await book({ ...person(4), start: times[8] }, "2001:db8:1:2:ffff::9");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: clientCapTexts.callsForAddress });
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
    // Another /64 is another client.
    expect((await book({ ...person(5), start: times[10] }, "2001:db8:1:3::1")).statusCode).toBe(
      201,
    );
    expect(await meetings()).toHaveLength(clientCaps.callsPerAddress + 1);
  });

  test("gives exactly three of ten calls sent at the same moment from one address", async ({
    book,
    starts,
    meetings,
  }) => {
    const times = await starts();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        book({ ...person(n), start: times[n * 2] }, "203.0.113.9"),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(clientCaps.callsPerAddress);
    expect(codes.filter((code) => code === 429)).toHaveLength(10 - clientCaps.callsPerAddress);
    expect(await meetings()).toHaveLength(clientCaps.callsPerAddress);
  });

  test("frees a place when a call is canceled, and lets a capped client still move a call", async ({
    app,
    book,
    starts,
  }) => {
    const times = await starts();
    const tokens: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await book({ ...person(n), start: times[n * 2] }, "203.0.113.10");
      tokens.push(String(res.json().booking.manageUrl).split("/").at(-1) ?? "");
    }
    const moved = await app.inject({
      method: "POST",
      url: `/api/booking/${tokens[0]}/reschedule`,
      remoteAddress: "203.0.113.10",
      payload: { start: times[12] },
    });
    expect(moved.statusCode).toBe(200);
    expect((await book({ ...person(4), start: times[14] }, "203.0.113.10")).statusCode).toBe(429);
    const cancel = await app.inject({
      method: "POST",
      url: `/api/booking/${tokens[1]}/cancel`,
      remoteAddress: "203.0.113.10",
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book({ ...person(4), start: times[14] }, "203.0.113.10")).statusCode).toBe(201);
  });

  test("is a rate limit: RATE_LIMIT=off lifts it", async ({ database, book, starts }) => {
    const open = await buildTestApp(database, { ...env, RATE_LIMIT: "off" }, { now: () => now });
    try {
      const times = await starts();
      for (const n of [1, 2, 3, 4])
        expect(
          (await book({ ...person(n), start: times[n * 2] }, "203.0.113.11", open)).statusCode,
        ).toBe(201);
    } finally {
      await open.close();
    }
  });

  test("answers a client reading the free times faster than a person can with 429", async ({
    app,
  }) => {
    // One client, an IPv6 one by its /64, whichever of its addresses it reads from.
    const read = (n = 0) =>
      app.inject({
        method: "GET",
        url: "/api/booking/slots?from=2026-11-30&to=2026-11-30",
        remoteAddress: `2001:db8:7:7:${n.toString(16)}::1`,
      });
    const answers = [];
    for (let n = 0; n < slotsPerMinute + 10; n++) answers.push((await read(n)).statusCode);
    expect(answers.slice(0, slotsPerMinute).every((code) => code === 200)).toBe(true);
    expect(answers.slice(slotsPerMinute)).toEqual(Array(10).fill(429));
    const refused = await read();
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests/);
  });
});
