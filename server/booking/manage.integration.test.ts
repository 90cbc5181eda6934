import { beforeEach, describe, expect } from "vitest";
import { bookingMessages, manageTexts } from "../../domain/booking-texts.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

// Thursday 26 November 2026, 08:00 in New York.
const start = new Date("2026-11-26T13:00:00.000Z");
// Monday 30 November in New York: 10:00, 11:00 and 14:00.
const at10 = "2026-11-30T15:00:00.000Z";
const at11 = "2026-11-30T16:00:00.000Z";
const at14 = "2026-11-30T19:00:00.000Z";

describe.each(testEngines)("managing a booking on $name", (engine) => {
  let clock = start;
  let ip = 0;
  beforeEach(() => {
    clock = start;
  });
  const test = engineTest(engine, {
    env: { TIMEZONE: "America/New_York" },
    deps: { now: () => clock },
  })
    .extend(
      "call",
      ({ app }) =>
        (method: "GET" | "POST", url: string, payload?: object) =>
          app.inject({
            method,
            url,
            remoteAddress: `10.3.${Math.floor(++ip / 250)}.${ip % 250}`,
            ...(payload ? { payload } : {}),
          }),
    )
    .extend("book", ({ call }) => async (startAt: string, email = "rosa@bakery.example") => {
      const res = await call("POST", "/api/booking", {
        email,
        firstName: "Rosa",
        lastName: "Delgado",
        start: startAt,
        timeZone: "Europe/Madrid",
      });
      expect(res.statusCode).toBe(201);
      return new URL(res.json().booking.manageUrl).pathname.replace("/booking/", "");
    })
    .extend(
      "free",
      ({ call }) =>
        async () =>
          (await call("GET", "/api/booking/slots?from=2026-11-30&to=2026-11-30"))
            .json()
            .slots.map((slot: { start: string }) => slot.start),
    )
    /** The SEQUENCE of the meeting a manage token opens. */
    .extend("sequence", ({ database, call }) => async (token: string) => {
      const { ID } = (await call("GET", `/api/booking/${token}`)).json();
      const row = await database.db
        .selectFrom("meetings")
        .select("sequence")
        .where("id", "=", ID)
        .executeTakeFirstOrThrow();
      return Number(row.sequence);
    });

  test("shows the booking by its token, and 404 for any other", async ({ call, book }) => {
    const token = await book(at10);
    const res = await call("GET", `/api/booking/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({
      start: at10,
      end: "2026-11-30T15:30:00.000Z",
      status: "booked",
      firstName: "Rosa",
      timeZone: "Europe/Madrid",
      ownerTimeZone: "America/New_York",
      // Four hours' notice.
      changeableUntil: "2026-11-30T11:00:00.000Z",
    });
    // The same token with its last character changed, and two that never were.
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const other of [altered, "x", "a".repeat(43)]) {
      const missing = await call("GET", `/api/booking/${other}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: manageTexts.notFound });
    }
  });

  test("moves a booking to a free time, frees the old one and raises SEQUENCE", async ({
    call,
    book,
    free,
    sequence,
  }) => {
    const token = await book(at10);
    await book(at14, "ana@cafe.example");
    const taken = await call("POST", `/api/booking/${token}/reschedule`, { start: at14 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: bookingMessages.taken });

    const moved = await call("POST", `/api/booking/${token}/reschedule`, { start: at11 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: manageTexts.moved, booking: { start: at11 } });
    expect(await sequence(token)).toBe(1);
    const times = await free();
    expect(times).toContain(at10);
    expect(times).not.toContain(at11);
    // Moving to its own time's neighbour is fine: it does not stand in its own way.
    const nudged = await call("POST", `/api/booking/${token}/reschedule`, {
      start: "2026-11-30T16:30:00.000Z",
    });
    expect(nudged.statusCode).toBe(200);
    expect(await sequence(token)).toBe(2);
  });

  test("cancels once, frees the time, and answers a second cancel the same way", async ({
    call,
    book,
    free,
    sequence,
  }) => {
    const token = await book(at10);
    const cancelled = await call("POST", `/api/booking/${token}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: manageTexts.cancelledNow,
      booking: { status: "cancelled" },
    });
    expect(await sequence(token)).toBe(1);
    expect(await free()).toContain(at10);
    const again = await call("POST", `/api/booking/${token}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(await sequence(token)).toBe(1);
    const move = await call("POST", `/api/booking/${token}/reschedule`, { start: at11 });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({ message: manageTexts.cancelled });
    // Someone else may book the freed time.
    await book(at10, "ana@cafe.example");
  });

  test("refuses changes inside the minimum notice, asking for a reply instead", async ({
    call,
    book,
    sequence,
  }) => {
    const token = await book(at10);
    // Monday 07:00 in New York: three hours before the call.
    clock = new Date("2026-11-30T12:00:00.000Z");
    for (const [url, payload] of [
      [`/api/booking/${token}/cancel`, undefined],
      [`/api/booking/${token}/reschedule`, { start: "2026-12-01T15:00:00.000Z" }],
    ] as const) {
      const res = await call("POST", url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: manageTexts.tooLate });
    }
    expect(await sequence(token)).toBe(0);
  });
});
