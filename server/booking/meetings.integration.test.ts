import { beforeEach, describe, expect } from "vitest";
import { meetingsTexts } from "../../domain/booking-texts.ts";
import { uuidv7 } from "../db/uuid.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

// Thursday 26 November 2026, 08:00 in New York.
const start = new Date("2026-11-26T13:00:00.000Z");

describe.each(testEngines)("the owner's meetings on $name", (engine) => {
  let ip = 0;
  let clock = start;
  beforeEach(() => {
    clock = start;
  });
  const test = engineTest(engine, {
    smtp: true,
    env: {
      TIMEZONE: "America/New_York",
      NOTIFY_EMAIL: "owner@fineline.studio",
      DIGEST_HOUR: "off",
      BOOKING_REMINDER_HOURS: "off",
    },
    deps: { now: () => clock, outboxIntervalMs: 3_600_000 },
  })
    .extend("book", ({ app }) => async (start: string, email: string) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/booking",
        remoteAddress: `10.4.0.${++ip}`,
        payload: { email, firstName: "Rosa", lastName: "Delgado", start },
      });
      expect(res.statusCode).toBe(201);
      return res.json().booking as { ID: string; manageUrl: string };
    })
    .extend(
      "asAdmin",
      ({ app, admin }) =>
        (method: "GET" | "POST" | "DELETE", url: string) =>
          app.inject({ method, url, headers: { "x-access-token": admin.accessToken } }),
    );

  test("lists today and the next seven days, or one lead's calls, oldest first", async ({
    book,
    asAdmin,
  }) => {
    // Thursday 3 December is the last of the seven days after today; the 10th is past them.
    const later = await book("2026-12-03T15:00:00.000Z", "ana@cafe.example");
    const soon = await book("2026-11-30T15:00:00.000Z", "rosa@bakery.example");
    await book("2026-12-10T15:00:00.000Z", "lee@gym.example");
    const res = await asAdmin("GET", "/api/meetings");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().map((m: { ID: string }) => m.ID)).toEqual([soon.ID, later.ID]);
    expect(res.json()[0]).toMatchObject({
      FirstName: "Rosa",
      Email: "rosa@bakery.example",
      start: "2026-11-30T15:00:00.000Z",
      status: "booked",
      cancelledBy: null,
    });
    const wide = await asAdmin("GET", "/api/meetings?from=2026-11-26&to=2026-12-31");
    expect(wide.json()).toHaveLength(3);
    const bad = await asAdmin("GET", "/api/meetings?from=2026-12-31&to=2026-11-26");
    expect(bad.statusCode).toBe(400);
    const [first] = (await asAdmin("GET", "/api/meetings")).json();
    const mine = await asAdmin("GET", `/api/meetings?lead=${first.LeadID}`);
    expect(mine.json().map((m: { ID: string }) => m.ID)).toEqual([soon.ID]);
  });

  test("lets the owner cancel a call: the visitor is told, the time is free, the history says so", async ({
    app,
    smtp,
    book,
    asAdmin,
  }) => {
    const booking = await book("2026-11-30T15:00:00.000Z", "rosa@bakery.example");
    app.outbox?.poke();
    await app.outbox?.idle();
    const before = smtp.received.length;
    clock = new Date(start.getTime() + 60_000);
    const res = await asAdmin("POST", `/api/meetings/${booking.ID}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: meetingsTexts.cancelled,
      meeting: { ID: booking.ID, status: "cancelled", cancelledBy: "owner" },
    });
    app.outbox?.poke();
    await app.outbox?.idle();
    const sent = smtp.received.slice(before);
    expect(sent.map((mail) => mail.to[0]).sort()).toEqual([
      "owner@fineline.studio",
      "rosa@bakery.example",
    ]);
    expect(sent.every((mail) => mail.raw.includes("METHOD:CANCEL"))).toBe(true);
    const again = await asAdmin("POST", `/api/meetings/${booking.ID}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: meetingsTexts.alreadyCancelled });
    expect((await asAdmin("POST", `/api/meetings/${uuidv7()}/cancel`)).statusCode).toBe(404);
    expect((await asAdmin("POST", "/api/meetings/nope/cancel")).statusCode).toBe(400);

    const [meeting] = (await asAdmin("GET", "/api/meetings")).json();
    const history = (await asAdmin("GET", `/api/leads/${meeting.LeadID}/history`)).json();
    expect(
      history.map((e: { Field: string; From: string; To: string; By: string }) => [
        e.Field,
        e.From,
        e.To,
        e.By,
      ]),
    ).toEqual([
      ["Meeting", "2026-11-30T15:00:00.000Z", "cancelled", "admin@fineline.studio"],
      ["Meeting", "", "2026-11-30T15:00:00.000Z", "rosa@bakery.example"],
    ]);
  });

  test("erases a lead's meetings and their pending e-mails with the lead", async ({
    database,
    app,
    book,
    asAdmin,
  }) => {
    await book("2026-11-30T15:00:00.000Z", "rosa@bakery.example");
    const [meeting] = (await asAdmin("GET", "/api/meetings")).json();
    const erased = await asAdmin("DELETE", `/api/leads/${meeting.LeadID}`);
    expect(erased.statusCode).toBe(200);
    expect(await database.db.selectFrom("meetings").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("meeting_claims").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    // The time is free again.
    const slots = await app.inject({
      method: "GET",
      url: "/api/booking/slots?from=2026-11-30&to=2026-11-30",
    });
    expect(slots.json().slots[2].start).toBe("2026-11-30T15:00:00.000Z");
  });
});
