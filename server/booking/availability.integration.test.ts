import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { defaultAvailability } from "../../domain/booking.ts";
import { bookingTexts } from "../../domain/booking-texts.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";

// Thursday 26 November 2026, 08:00 in New York.
const now = new Date("2026-11-26T13:00:00.000Z");

describe.each(testEngines)("availability and free slots on $name", (engine) => {
  const env = { JWT_SECRET: testSecret, TIMEZONE: "America/New_York" };
  const test = engineTest(engine, { env, deps: { now: () => now } })
    // A second instance on the same database: it must offer the same times.
    .extend("other", { auto: true }, async ({ database }, { onCleanup }) => {
      const other = await buildTestApp(database, env, { now: () => now });
      onCleanup(() => other.close());
      return other;
    })
    .extend(
      "put",
      ({ app, admin }) =>
        (payload: unknown) =>
          app.inject({
            method: "PUT",
            url: "/api/booking/availability",
            headers: { "x-access-token": admin.accessToken },
            payload: payload as object,
          }),
    );

  const slots = async (server: FastifyInstance, query = "") => {
    const res = await server.inject({ method: "GET", url: `/api/booking/slots${query}` });
    return { status: res.statusCode, body: res.json() };
  };

  test("starts from the defaults, saves a change every instance offers, and refuses bad values", async ({
    app,
    admin,
    other,
    put,
  }) => {
    const read = await app.inject({
      method: "GET",
      url: "/api/booking/availability",
      headers: { "x-access-token": admin.accessToken },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.json()).toEqual(defaultAvailability);

    const weekends = {
      ...defaultAvailability,
      weeklyHours: {
        ...defaultAvailability.weeklyHours,
        saturday: [{ start: "10:00", end: "12:00" }],
      },
      meetingMinutes: 60,
    };
    const saved = await put(weekends);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: bookingTexts.saved, availability: weekends });
    const { body } = await slots(other, "?from=2026-11-28&to=2026-11-28");
    expect(body).toEqual({
      timeZone: "America/New_York",
      length: 60,
      slots: [
        { start: "2026-11-28T15:00:00.000Z", end: "2026-11-28T16:00:00.000Z" },
        { start: "2026-11-28T16:00:00.000Z", end: "2026-11-28T17:00:00.000Z" },
      ],
      // Where calls happen: unsaid until the owner says (meeting-location.integration.test.ts).
      location: null,
    });

    for (const [bad, message] of [
      [{ ...weekends, meetingMinutes: 7 }, bookingTexts.meetingMinutes],
      [{ ...weekends, daysOff: ["tomorrow"] }, bookingTexts.badDayOff],
      [
        {
          ...weekends,
          weeklyHours: { ...weekends.weeklyHours, friday: [{ start: "18:00", end: "09:00" }] },
        },
        bookingTexts.badInterval,
      ],
      [[], bookingTexts.notAnObject],
    ] as const) {
      const res = await put(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Refused changes changed nothing.
    expect((await slots(app, "?from=2026-11-28&to=2026-11-28")).body.length).toBe(60);
  });

  test("answers today to the horizon by default, and 400 for a bad range", async ({ app }) => {
    const all = await slots(app);
    expect(all.status).toBe(200);
    const days = new Set(all.body.slots.map((s: { start: string }) => s.start.slice(0, 10)));
    expect([...days][0]).toBe("2026-11-26");
    // The horizon is 30 days on (Saturday 26 December): the last weekday is Friday 25th.
    expect(all.body.slots.at(-1).start.slice(0, 10)).toBe("2026-12-25");
    for (const [query, message] of [
      ["?from=2026-12-10&to=2026-12-01", bookingTexts.badRange],
      ["?from=2026-12-01&to=2027-03-01", bookingTexts.rangeTooLong],
      ["?from=26-11-2026", bookingTexts.badDate],
      ["?to=2026-02-30", bookingTexts.badDate],
    ]) {
      const res = await slots(app, query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  test("leaves out a booked meeting and its buffer", async ({ database, app }) => {
    const { id: leadId } = await createContactLead(database.db, {
      firstName: "Rosa",
      lastName: "Delgado",
      email: "rosa@bakery.example",
      message: "A site for the bakery",
      sourcePage: "/book",
    });
    // Monday 30 November, 10:00–10:30 in New York.
    await database.db
      .insertInto("meetings")
      .values({
        id: uuidv7(),
        lead_id: leadId,
        start_at: "2026-11-30T15:00:00.000Z",
        end_at: "2026-11-30T15:30:00.000Z",
        day: "2026-11-30",
        status: "booked",
        token_hash: "x".repeat(64),
        visitor_time_zone: null,
        cancelled_by: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    const { body } = await slots(app, "?from=2026-11-30&to=2026-11-30");
    const times = body.slots.map((s: { start: string }) => s.start.slice(11, 16));
    expect(times.slice(0, 3)).toEqual(["14:00", "16:00", "16:30"]);
  });
});
