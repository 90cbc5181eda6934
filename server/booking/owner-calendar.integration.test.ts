import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { type Radicale, radicaleMissing, startRadicale } from "../test-support/radicale.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";
import { countCalendarBacklog } from "./calendar-sync.repository.ts";

// Thursday 26 November 2026, 08:00 in New York.
const start = new Date("2026-11-26T13:00:00.000Z");
// Monday 30 November in New York.
const at = (time: string) => new Date(`2026-11-30T${time}:00-05:00`).toISOString();

/** An event as the owner's own calendar program would write it. */
const ownEvent = (uid: string, startUtc: string, endUtc: string, ...more: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Owner//Calendar//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20261120T000000Z",
    `DTSTART:${startUtc}`,
    `DTEND:${endUtc}`,
    "SUMMARY:Busy",
    ...more,
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");

/** One event's properties, parsed. */
const eventOf = (ics: string) => {
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  const value = (name: string) => vevent.getFirstPropertyValue(name);
  return {
    uid: String(value("uid")),
    start: (value("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (value("dtend") as ICAL.Time).toJSDate().toISOString(),
    sequence: Number(value("sequence")),
    summary: String(value("summary")),
    description: String(value("description")),
    attendees: vevent.getAllProperties("attendee").length,
    organizer: vevent.hasProperty("organizer"),
  };
};

describe.skipIf(radicaleMissing)("the owner's CalDAV calendar (Radicale)", () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.close();
  });

  describe.each(testEngines)("on $name", (engine) => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let calendarUrl: string;
    let clock = start;
    let ip = 0;

    const open = async (url: string) => {
      database = await engine.open();
      app = await buildTestApp(
        database,
        {
          JWT_SECRET: testSecret,
          TIMEZONE: "America/New_York",
          CALDAV_URL: url,
          CALDAV_USERNAME: radicale.username,
          CALDAV_PASSWORD: radicale.password,
        },
        { now: () => clock, outboxIntervalMs: 3_600_000 },
      );
    };
    beforeEach(async () => {
      clock = start;
      calendarUrl = await radicale.newCalendar();
      await open(calendarUrl);
    });
    afterEach(async () => {
      await app.close();
      await database.close();
    });

    const call = (method: "GET" | "POST", url: string, payload?: object) =>
      app.inject({
        method,
        url,
        remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
        ...(payload ? { payload } : {}),
      });
    const free = async () => {
      const res = await call("GET", "/api/booking/slots?from=2026-11-30&to=2026-11-30");
      expect(res.statusCode).toBe(200);
      return res.json().slots.map((slot: { start: string }) => slot.start) as string[];
    };
    const book = async (startAt: string, email = "rosa@bakery.example") => {
      const res = await call("POST", "/api/booking", {
        email,
        firstName: "Rosa",
        lastName: "Delgado",
        start: startAt,
        timeZone: "Europe/Madrid",
      });
      expect(res.statusCode).toBe(201);
      const { ID, manageUrl } = res.json().booking;
      return { ID: ID as string, token: new URL(manageUrl).pathname.split("/").at(-1) ?? "" };
    };
    const synced = async () => {
      await app.calendarSync?.idle();
      return (await radicale.events(calendarUrl)).map((e) => ({ ...e, ...eventOf(e.ics) }));
    };

    it("hides the times the owner is busy, a series too, and reads the calendar at most once a minute", async () => {
      expect(await free()).toContain(at("10:00"));
      await radicale.putEvent(
        calendarUrl,
        "dentist",
        ownEvent("dentist@owner", "20261130T150000Z", "20261130T160000Z"),
      );
      await radicale.putEvent(
        calendarUrl,
        "gym",
        ownEvent("gym@owner", "20261123T190000Z", "20261123T193000Z", "RRULE:FREQ=WEEKLY"),
      );
      // Read a minute ago: the new events are not seen yet.
      expect(await free()).toContain(at("10:00"));
      clock = new Date(start.getTime() + 61_000);
      const times = await free();
      // 10:00 to 11:00 at the dentist; 14:00 to 14:30 at the gym, every Monday.
      expect(times).not.toContain(at("10:00"));
      expect(times).not.toContain(at("10:30"));
      expect(times).not.toContain(at("14:00"));
      expect(times).toContain(at("09:00"));
      expect(times).toContain(at("11:00"));
      expect(times).toContain(at("14:30"));
      // And the time is refused when booked.
      const taken = await call("POST", "/api/booking", {
        email: "ana@cafe.example",
        firstName: "Ana",
        lastName: "Ruiz",
        start: at("10:00"),
      });
      expect(taken.statusCode).toBe(409);
    });

    it("writes each booking to the calendar, updates it when moved and removes it when cancelled", async () => {
      const { ID, token } = await book(at("10:00"));
      let events = await synced();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        uid: `meeting-${ID}@localhost`,
        start: at("10:00"),
        end: at("10:30"),
        sequence: 0,
        summary: "Free call with Rosa Delgado",
        // No attendee: a scheduling server would otherwise invite the visitor a second time.
        attendees: 0,
        organizer: false,
      });
      expect(events[0]?.description).toContain("rosa@bakery.example");
      const { lead_id } = await database.db
        .selectFrom("meetings")
        .select("lead_id")
        .where("id", "=", ID)
        .executeTakeFirstOrThrow();
      expect(events[0]?.description).toContain(`/admin/leads?lead=${lead_id}`);
      const href = events[0]?.href;

      // The meeting's own event does not stand in the way of moving it to a nearby time.
      clock = new Date(start.getTime() + 61_000);
      expect(await free()).toContain(at("11:00"));
      const moved = await call("POST", `/api/booking/${token}/reschedule`, { start: at("11:00") });
      expect(moved.statusCode).toBe(200);
      events = await synced();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ href, start: at("11:00"), end: at("11:30"), sequence: 1 });

      const cancelled = await call("POST", `/api/booking/${token}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(await synced()).toEqual([]);
      expect(await countCalendarBacklog(database.db)).toBe(0);
    });

    it("updates the event a calendar program made from the invite, instead of adding a second", async () => {
      const { ID, token } = await book(at("10:00"));
      await synced();
      // The owner accepted the e-mailed invite: his program filed the event under its own name.
      const [ours] = await radicale.events(calendarUrl);
      const uid = `meeting-${ID}@localhost`;
      await fetch(new URL(ours?.href ?? "", calendarUrl), {
        method: "DELETE",
        headers: {
          authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString("base64")}`,
        },
      });
      await radicale.putEvent(
        calendarUrl,
        "accepted-invite",
        ownEvent(uid, "20261130T150000Z", "20261130T153000Z"),
      );
      clock = new Date(start.getTime() + 61_000);
      await call("POST", `/api/booking/${token}/reschedule`, { start: at("11:00") });
      const events = await synced();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ uid, start: at("11:00") });
      expect(events[0]?.href).toContain("accepted-invite");
    });

    it("takes a call off the calendar when its lead is erased, marked as spam, or the owner cancels it", async () => {
      const admin = await signedInUser(database.db, "admin");
      const asAdmin = (method: "POST" | "DELETE", url: string) =>
        app.inject({ method, url, headers: { "x-access-token": admin.accessToken } });
      const first = await book(at("09:00"), "ana@cafe.example");
      const second = await book(at("11:00"), "bo@barber.example");
      const third = await book(at("14:00"), "cy@florist.example");
      expect(await synced()).toHaveLength(3);
      const leadOf = async (meetingId: string) =>
        (
          await database.db
            .selectFrom("meetings")
            .select("lead_id")
            .where("id", "=", meetingId)
            .executeTakeFirstOrThrow()
        ).lead_id;

      expect((await asAdmin("DELETE", `/api/leads/${await leadOf(first.ID)}`)).statusCode).toBe(
        200,
      );
      expect((await asAdmin("POST", `/api/leads/${await leadOf(second.ID)}/spam`)).statusCode).toBe(
        200,
      );
      expect((await asAdmin("POST", `/api/meetings/${third.ID}/cancel`)).statusCode).toBe(200);
      expect(await synced()).toEqual([]);
      // Nothing is kept of an erased meeting once its event is gone.
      const left = await database.db.selectFrom("calendar_sync").select("meeting_id").execute();
      expect(left.map((row) => row.meeting_id)).toEqual([third.ID]);
    });

    it("keeps one event per call when two instances sync at once", async () => {
      const sibling = database.sibling();
      const second = await buildTestApp(
        sibling,
        {
          JWT_SECRET: testSecret,
          TIMEZONE: "America/New_York",
          CALDAV_URL: calendarUrl,
          CALDAV_USERNAME: radicale.username,
          CALDAV_PASSWORD: radicale.password,
        },
        { now: () => clock, outboxIntervalMs: 3_600_000 },
      );
      try {
        const booked = await Promise.all(
          ["09:00", "11:00", "13:00", "15:00"].map((time, i) =>
            book(at(time), `visitor${i}@shop.example`),
          ),
        );
        // Both instances pass over the same rows at once: the lease gives each to one.
        app.calendarSync?.poke();
        second.calendarSync?.poke();
        await Promise.all([app.calendarSync?.idle(), second.calendarSync?.idle()]);
        const events = await synced();
        expect(events.map((e) => e.uid).sort()).toEqual(
          booked.map((b) => `meeting-${b.ID}@localhost`).sort(),
        );
      } finally {
        await second.close();
        await sibling.close();
      }
    });

    it("offers times from the database alone while the calendar is down, and writes the call once it is back", async () => {
      await radicale.putEvent(
        calendarUrl,
        "dentist",
        ownEvent("dentist@owner", "20261130T150000Z", "20261130T160000Z"),
      );
      expect(await free()).not.toContain(at("10:00"));
      await radicale.stop();
      try {
        clock = new Date(start.getTime() + 61_000);
        // The dentist is no longer known: every time of the day is offered, none refused.
        expect(await free()).toContain(at("10:00"));
        const ready = await call("GET", "/readyz");
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: "ready", calendar: "down" });

        const { ID } = await book(at("13:00"));
        await app.calendarSync?.idle();
        expect(await countCalendarBacklog(database.db)).toBe(1);
        const row = await database.db
          .selectFrom("calendar_sync")
          .selectAll()
          .where("meeting_id", "=", ID)
          .executeTakeFirstOrThrow();
        expect(row.attempts).toBe(1);
        expect(row.last_error).toBeTruthy();
      } finally {
        await radicale.restart();
      }
      // The retry comes after its backoff (30 s).
      clock = new Date(start.getTime() + 61_000 + 31_000);
      app.calendarSync?.poke();
      const events = await synced();
      expect(events.map((e) => e.summary)).toContain("Free call with Rosa Delgado");
      expect(await countCalendarBacklog(database.db)).toBe(0);
      expect((await call("GET", "/readyz")).json()).toEqual({ status: "ready", calendar: "up" });
    });

    it("answers the free times within the read's limit when the calendar hangs", async () => {
      radicale.pause();
      try {
        clock = new Date(start.getTime() + 61_000);
        const began = Date.now();
        expect(await free()).toContain(at("10:00"));
        expect(Date.now() - began).toBeLessThan(4_500);
        // The failure is remembered for a while: the next visitor does not wait again.
        const again = Date.now();
        await free();
        expect(Date.now() - again).toBeLessThan(1_000);
      } finally {
        radicale.resume();
      }
    });

    it("refuses nothing and reads nothing without CALDAV_URL", async () => {
      await app.close();
      await database.close();
      database = await engine.open();
      app = await buildTestApp(database, { JWT_SECRET: testSecret, TIMEZONE: "America/New_York" });
      expect(app.busyTimes).toBeNull();
      expect(app.calendarSync).toBeNull();
      expect((await call("GET", "/readyz")).json()).toEqual({ status: "ready" });
    });
  });
});
