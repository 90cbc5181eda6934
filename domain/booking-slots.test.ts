import { describe, expect, it } from "vitest";
import { type Availability, defaultAvailability } from "./booking.ts";
import { freeSlots, type Span, slotsRange } from "./booking-slots.ts";
import { bookingTexts } from "./booking-texts.ts";

const iso = (slots: Span[]) => slots.map((slot) => new Date(slot.start).toISOString());
const at = (text: string) => Date.parse(text);
const closed = {
  ...defaultAvailability.weeklyHours,
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
};

describe("free slots", () => {
  const ny = "America/New_York";
  // Thursday 26 November 2026, 08:00 in New York (EST, UTC-5).
  const now = new Date("2026-11-26T13:00:00.000Z");
  const base = { availability: defaultAvailability, timeZone: ny, now, meetings: [] };

  it("offers the weekly hours on the meeting grid, after the notice, in the owner's zone", () => {
    const slots = freeSlots({ ...base, from: "2026-11-26", to: "2026-11-27" });
    // Thursday: 4 h notice from 08:00 → from 12:00; the last call ends at 17:00.
    expect(iso(slots).slice(0, 2)).toEqual([
      "2026-11-26T17:00:00.000Z",
      "2026-11-26T17:30:00.000Z",
    ]);
    expect(iso(slots).filter((s) => s.startsWith("2026-11-26"))).toHaveLength(10);
    // Friday: 09:00–16:30 starts, sixteen of them.
    const friday = iso(slots).filter((s) => s.startsWith("2026-11-27"));
    expect(friday[0]).toBe("2026-11-27T14:00:00.000Z");
    expect(friday.at(-1)).toBe("2026-11-27T21:30:00.000Z");
    expect(friday).toHaveLength(16);
    expect(slots.every((s) => s.end - s.start === 30 * 60_000)).toBe(true);
  });

  it("skips weekends, days off, days past the horizon, and days at the daily maximum", () => {
    const week = freeSlots({
      ...base,
      availability: {
        ...defaultAvailability,
        daysOff: ["2026-11-30"],
        horizonDays: 5,
        maxPerDay: 2,
      },
      from: "2026-11-26",
      to: "2026-12-31",
      meetings: [
        { start: at("2026-12-01T14:00:00Z"), end: at("2026-12-01T14:30:00Z"), date: "2026-12-01" },
        { start: at("2026-12-01T19:00:00Z"), end: at("2026-12-01T19:30:00Z"), date: "2026-12-01" },
      ],
    });
    const days = [...new Set(iso(week).map((s) => s.slice(0, 10)))];
    // Sat 28, Sun 29 closed; Mon 30 off; Tue 1 full (two meetings); Wed 2 … horizon is Tue 1.
    expect(days).toEqual(["2026-11-26", "2026-11-27"]);
  });

  it("keeps the buffer clear on both sides of a meeting, and the owner's busy times", () => {
    const day = freeSlots({
      ...base,
      from: "2026-11-30",
      to: "2026-11-30",
      // 10:00–10:30 booked; busy 13:10–13:20 in the owner's calendar.
      meetings: [
        { start: at("2026-11-30T15:00:00Z"), end: at("2026-11-30T15:30:00Z"), date: "2026-11-30" },
      ],
      busy: [{ start: at("2026-11-30T18:10:00Z"), end: at("2026-11-30T18:20:00Z") }],
    });
    const times = iso(day).map((s) => s.slice(11, 16));
    // 09:30 would end at 10:00, inside 10:00's 15-minute buffer; 10:30 starts inside it too.
    expect(times).not.toContain("14:30");
    expect(times).not.toContain("15:00");
    expect(times).not.toContain("15:30");
    expect(times).toContain("14:00");
    expect(times).toContain("16:00");
    expect(times).not.toContain("18:00");
    expect(times).toContain("18:30");
  });

  /** Sundays from midnight to 04:00, no notice: the hours clocks change in. */
  const early: Availability = {
    ...defaultAvailability,
    weeklyHours: { ...closed, sunday: [{ start: "00:00", end: "04:00" }] },
    noticeHours: 0,
  };

  it("is right on the day clocks go forward in New York: 2:00 to 2:59 does not exist", () => {
    const slots = freeSlots({
      ...base,
      availability: early,
      now: new Date("2026-03-01T00:00:00Z"),
      from: "2026-03-08",
      to: "2026-03-08",
    });
    expect(iso(slots)).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-08T05:30:00.000Z",
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z",
      // 03:00 EDT: the wall clock jumped from 01:59 EST.
      "2026-03-08T07:00:00.000Z",
      "2026-03-08T07:30:00.000Z",
    ]);
  });

  it("is right on the day clocks go back: 1:00 to 1:59 happens twice, offered once", () => {
    const slots = freeSlots({
      ...base,
      availability: early,
      now: new Date("2026-10-25T00:00:00Z"),
      from: "2026-11-01",
      to: "2026-11-01",
    });
    expect(iso(slots)).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-01T04:30:00.000Z",
      "2026-11-01T05:00:00.000Z",
      "2026-11-01T05:30:00.000Z",
      // 02:00 EST, an hour and a half of real time after 01:30 EDT.
      "2026-11-01T07:00:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T08:30:00.000Z",
    ]);
    // A summer weekday's 09:00 is 13:00 UTC; a winter one's 14:00.
    const summer = freeSlots({
      ...base,
      now: new Date("2026-06-01T00:00:00Z"),
      from: "2026-06-02",
      to: "2026-06-02",
    });
    expect(iso(summer)[0]).toBe("2026-06-02T13:00:00.000Z");
  });
});

describe("slots range", () => {
  it("answers today to the horizon by default, and at most 62 days", () => {
    const today = "2026-11-26";
    expect(slotsRange({}, { today, horizonDays: 30 })).toEqual({ from: today, to: "2026-12-26" });
    expect(slotsRange({}, { today, horizonDays: 365 })).toEqual({ from: today, to: "2027-01-26" });
    expect(
      slotsRange({ from: "2026-12-01", to: "2026-11-30" }, { today, horizonDays: 30 }),
    ).toEqual({
      error: bookingTexts.badRange,
    });
    expect(
      slotsRange({ from: "2026-12-01", to: "2027-02-01" }, { today, horizonDays: 30 }),
    ).toEqual({
      error: bookingTexts.rangeTooLong,
    });
    expect(
      slotsRange({ from: "2026-12-01", to: "2027-01-31" }, { today, horizonDays: 30 }),
    ).toEqual({
      from: "2026-12-01",
      to: "2027-01-31",
    });
  });
});
