import { describe, expect } from "vitest";
import { defaultAvailability } from "../../domain/booking.ts";
import { bookingMessages } from "../../domain/booking-texts.ts";
import { contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";
import { hashToken } from "./manage-token.ts";

// Thursday 26 November 2026, 08:00 in New York.
const now = new Date("2026-11-26T13:00:00.000Z");
// Monday 30 November, 10:00 in New York.
const monday10 = "2026-11-30T15:00:00.000Z";

const visitor = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "A site for the bakery, with orders.",
  timeZone: "Europe/Madrid",
};

describe.each(testEngines)("booking a call on $name", (engine) => {
  let ip = 0;
  const env = { JWT_SECRET: testSecret, TIMEZONE: "America/New_York" };
  const test = engineTest(engine, { env, deps: { now: () => now } })
    .extend(
      "book",
      ({ app }) =>
        (payload: object, server = app) =>
          server.inject({
            method: "POST",
            url: "/api/booking",
            // Each from an address of its own: the per-address allowance is not what is tested.
            remoteAddress: `10.2.${Math.floor(++ip / 250)}.${ip % 250}`,
            payload,
          }),
    )
    .extend(
      "slotStarts",
      ({ app }) =>
        async () =>
          (
            await app.inject({
              method: "GET",
              url: "/api/booking/slots?from=2026-11-30&to=2026-11-30",
            })
          )
            .json()
            .slots.map((slot: { start: string }) => slot.start),
    );

  test("books an offered time: a lead, a meeting, a manage link, and the time is no longer offered", async ({
    database,
    book,
    slotStarts,
  }) => {
    const res = await book({ ...visitor, start: monday10 });
    expect(res.statusCode).toBe(201);
    const { message, booking } = res.json();
    expect(message).toBe(bookingMessages.booked);
    expect(booking).toMatchObject({ start: monday10, end: "2026-11-30T15:30:00.000Z" });
    const token = new URL(booking.manageUrl).pathname.replace("/booking/", "");
    // 256 bits that cannot be guessed, kept only as a hash.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const meeting = await database.db.selectFrom("meetings").selectAll().executeTakeFirstOrThrow();
    expect(meeting).toMatchObject({
      id: booking.ID,
      status: "booked",
      day: "2026-11-30",
      sequence: 0,
      visitor_time_zone: "Europe/Madrid",
      token_hash: hashToken(token),
    });
    expect(JSON.stringify(meeting)).not.toContain(token);
    const lead = await database.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", meeting.lead_id)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      email: visitor.email,
      comm_status: "UNREAD",
      lead_status: "WARM",
    });
    // 10:00 is gone, and so are 09:30 and 10:30, inside its 15-minute buffer.
    const starts = await slotStarts();
    expect(starts).not.toContain(monday10);
    expect(starts).not.toContain("2026-11-30T14:30:00.000Z");
    expect(starts).not.toContain("2026-11-30T15:30:00.000Z");
    expect(starts).toContain("2026-11-30T16:00:00.000Z");
  });

  test("checks the contact form's fields in its order with its texts, then the time", async ({
    database,
    book,
  }) => {
    const cases: Array<[object, string]> = [
      [{ ...visitor, email: "nope", firstName: "", start: monday10 }, contactTexts.invalidEmail],
      [
        { ...visitor, firstName: " ", lastName: "", start: monday10 },
        contactTexts.invalidFirstName,
      ],
      [{ ...visitor, lastName: "", start: "soon" }, contactTexts.invalidLastName],
      [{ ...visitor, start: "soon" }, bookingMessages.badStart],
      [{ ...visitor }, bookingMessages.badStart],
    ];
    for (const [payload, message] of cases) {
      const res = await book(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A time that is not offered: 03:00, a Sunday, or inside the notice.
    for (const start of [
      "2026-11-30T08:00:00.000Z",
      "2026-11-29T15:00:00.000Z",
      "2026-11-26T14:00:00.000Z",
    ]) {
      const res = await book({ ...visitor, start });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: bookingMessages.taken });
    }
    expect(await database.db.selectFrom("meetings").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("leads").selectAll().execute()).toEqual([]);
  });

  test("gives one time to exactly one of twenty at once, across two instances", async ({
    database,
    app,
    book,
  }) => {
    const sibling: DatabaseHandle = database.sibling();
    const second = await buildTestApp(sibling, env, { now: () => now });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          book(
            { ...visitor, email: `visitor${i}@shop.example`, start: monday10 },
            i % 2 ? second : app,
          ),
        ),
      );
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(19);
      for (const res of answers.filter((r) => r.statusCode === 409))
        expect(res.json()).toEqual({ message: bookingMessages.taken });
      expect(await database.db.selectFrom("meetings").selectAll().execute()).toHaveLength(1);
      // The nineteen left nothing behind: one lead, its meeting's blocks only.
      expect(await database.db.selectFrom("leads").selectAll().execute()).toHaveLength(1);
    } finally {
      await second.close();
      await sibling.close();
    }
  });

  test("holds to the daily maximum, in the database, when two book the same day at once", async ({
    database,
    app,
    book,
    slotStarts,
  }) => {
    await app.inject({
      method: "PUT",
      url: "/api/booking/availability",
      headers: { "x-access-token": (await signedInUser(database.db, "admin")).accessToken },
      payload: { ...defaultAvailability, maxPerDay: 1 },
    });
    const [a, b] = await Promise.all([
      book({ ...visitor, start: monday10 }),
      book({ ...visitor, email: "ana@cafe.example", start: "2026-11-30T19:00:00.000Z" }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    expect(await slotStarts()).toEqual([]);
  });

  test("books nothing for spam, and answers it like a booking", async ({
    database,
    book,
    slotStarts,
  }) => {
    const res = await book({ ...visitor, start: monday10, [honeypotField]: "https://seo.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(bookingMessages.booked);
    expect(await database.db.selectFrom("meetings").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("leads").selectAll().execute()).toEqual([]);
    const kept = await database.db.selectFrom("spam_leads").select("reason").execute();
    expect(kept).toEqual([{ reason: "honeypot" }]);
    expect(await slotStarts()).toContain(monday10);
  });
});
