import { describe, expect, it } from "vitest";
import { availability, defaultAvailability } from "./booking.ts";
import { bookingTexts } from "./booking-texts.ts";

describe("availability", () => {
  it("accepts the defaults and refuses what cannot be offered, with clear messages", () => {
    expect(availability.safeParse(defaultAvailability).success).toBe(true);
    const refuse = (change: object) => {
      const result = availability.safeParse({ ...defaultAvailability, ...change });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(refuse({ meetingMinutes: 7 })).toBe(bookingTexts.meetingMinutes);
    expect(refuse({ bufferMinutes: -5 })).toBe(bookingTexts.bufferMinutes);
    expect(refuse({ noticeHours: 1.5 })).toBe(bookingTexts.noticeHours);
    expect(refuse({ horizonDays: 0 })).toBe(bookingTexts.horizonDays);
    expect(refuse({ maxPerDay: 0 })).toBe(bookingTexts.maxPerDay);
    expect(refuse({ maxPerDay: null })).toBeNull();
    expect(refuse({ daysOff: ["2026-02-30"] })).toBe(bookingTexts.badDayOff);
    const hours = (monday: object[]) =>
      refuse({ weeklyHours: { ...defaultAvailability.weeklyHours, monday } });
    expect(hours([{ start: "9:00", end: "17:00" }])).toBe(bookingTexts.badTime);
    expect(hours([{ start: "09:03", end: "17:00" }])).toBe(bookingTexts.badTime);
    expect(hours([{ start: "17:00", end: "09:00" }])).toBe(bookingTexts.badInterval);
    expect(
      hours([
        { start: "09:00", end: "12:00" },
        { start: "11:00", end: "17:00" },
      ]),
    ).toBe(bookingTexts.overlapping);
    expect(
      hours([
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "24:00" },
      ]),
    ).toBeNull();
  });
});
