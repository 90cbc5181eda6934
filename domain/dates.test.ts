import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  dateTimeLabel,
  dayLabel,
  isCalendarDate,
  isoInZone,
  isTimeZone,
  startOfDay,
  todayIn,
  wallClock,
  zonedTime,
} from "./dates.ts";

describe("calendar dates", () => {
  it("knows real days from impossible ones", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    for (const value of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-1-5", "2026-11-23T00:00"])
      expect(isCalendarDate(value), value).toBe(false);
  });

  it("counts working days, skipping weekends", () => {
    expect(addWorkingDays("2026-11-23", 3)).toBe("2026-11-26"); // Monday → Thursday
    expect(addWorkingDays("2026-11-20", 3)).toBe("2026-11-25"); // Friday → Wednesday
    expect(addWorkingDays("2026-11-21", 1)).toBe("2026-11-23"); // Saturday → Monday
  });
});

describe("the owner's time zone", () => {
  it("says which day it is there", () => {
    const late = new Date("2026-11-24T03:00:00.000Z");
    expect(todayIn("UTC", late)).toBe("2026-11-24");
    expect(todayIn("America/New_York", late)).toBe("2026-11-23");
    expect(todayIn("Asia/Kolkata", new Date("2026-11-23T19:00:00.000Z"))).toBe("2026-11-24");
  });

  it("finds midnight and an hour on either side of New York's daylight-saving changes", () => {
    // 8 March 2026: clocks go forward at 2:00 (EST −5 → EDT −4).
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    expect(zonedTime("2026-03-08", 8, "America/New_York").toISOString()).toBe(
      "2026-03-08T12:00:00.000Z",
    );
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
    // 2:30 does not exist that night: it is read as the moment after the jump, 3:00 EDT.
    expect(zonedTime("2026-03-08", 2, "America/New_York").toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    // 1 November 2026: clocks go back at 2:00 (EDT −4 → EST −5); 1:00 happens twice, the first counts.
    expect(zonedTime("2026-11-01", 1, "America/New_York").toISOString()).toBe(
      "2026-11-01T05:00:00.000Z",
    );
    expect(zonedTime("2026-11-01", 8, "America/New_York").toISOString()).toBe(
      "2026-11-01T13:00:00.000Z",
    );
    expect(wallClock(new Date("2026-11-01T06:30:00.000Z"), "America/New_York")).toMatchObject({
      date: "2026-11-01",
      hour: 1,
    });
    // The day before a change, the day after, and the days of it all start at local midnight.
    for (const day of [
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ])
      expect(wallClock(startOfDay(day, "America/New_York"), "America/New_York"), day).toMatchObject(
        {
          date: day,
          hour: 0,
          minute: 0,
        },
      );
  });

  it("starts a day where clocks jump forward at midnight at the jump itself", () => {
    // Santiago, 6 September 2026: midnight (−4) becomes 1:00 (−3); the day starts at 04:00 UTC.
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
    expect(
      wallClock(startOfDay("2026-09-06", "America/Santiago"), "America/Santiago"),
    ).toMatchObject({
      date: "2026-09-06",
      hour: 1,
    });
    expect(startOfDay("2026-09-07", "America/Santiago").toISOString()).toBe(
      "2026-09-07T03:00:00.000Z",
    );
  });

  it("accepts IANA names only", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("times as the owner reads them", () => {
  it("writes an instant as local ISO 8601 with the zone's offset, without milliseconds", () => {
    expect(isoInZone("2026-11-25T18:01:45.123Z", "America/New_York")).toBe(
      "2026-11-25T13:01:45-05:00",
    );
    expect(isoInZone("2026-11-25T18:01:45.999Z", "UTC")).toBe("2026-11-25T18:01:45+00:00");
    // Half and three-quarter hour offsets, on both sides of UTC.
    expect(isoInZone("2026-11-25T18:01:45.000Z", "Asia/Kolkata")).toBe("2026-11-25T23:31:45+05:30");
    expect(isoInZone("2026-11-25T18:01:45.000Z", "Asia/Kathmandu")).toBe(
      "2026-11-25T23:46:45+05:45",
    );
    expect(isoInZone("2026-11-25T18:01:45.000Z", "America/St_Johns")).toBe(
      "2026-11-25T14:31:45-03:30",
    );
    // Past midnight there: the local date, not UTC's.
    expect(isoInZone("2026-11-26T03:30:00.000Z", "America/New_York")).toBe(
      "2026-11-25T22:30:00-05:00",
    );
    expect(isoInZone("not a date", "UTC")).toBe("not a date");
  });

  it("keeps the offset right across New York's daylight-saving changes", () => {
    // 8 March 2026, 2:00 EST becomes 3:00 EDT: a second before and the jump itself.
    expect(isoInZone("2026-03-08T06:59:59.000Z", "America/New_York")).toBe(
      "2026-03-08T01:59:59-05:00",
    );
    expect(isoInZone("2026-03-08T07:00:00.000Z", "America/New_York")).toBe(
      "2026-03-08T03:00:00-04:00",
    );
    // 1 November 2026, 2:00 EDT becomes 1:00 EST: 1:30 happens twice, told apart by the offset.
    expect(isoInZone("2026-11-01T05:30:00.000Z", "America/New_York")).toBe(
      "2026-11-01T01:30:00-04:00",
    );
    expect(isoInZone("2026-11-01T06:30:00.000Z", "America/New_York")).toBe(
      "2026-11-01T01:30:00-05:00",
    );
    // Every written time names the instant it came from.
    for (const iso of ["2026-03-08T07:00:00.000Z", "2026-11-01T05:30:00.000Z"])
      expect(new Date(isoInZone(iso, "America/New_York")).toISOString()).toBe(iso);
  });

  it("says a day with its weekday, and the year only when it is not this year's", () => {
    expect(dayLabel("2026-11-20")).toBe("Fri, Nov 20");
    expect(dayLabel("2026-11-20", "2026-11-23")).toBe("Fri, Nov 20");
    expect(dayLabel("2026-12-28", "2027-01-04")).toBe("Mon, Dec 28, 2026");
  });

  it("says an instant on the owner's clock, with the year only when it is not this year there", () => {
    const now = new Date("2026-11-25T18:30:00.000Z");
    expect(dateTimeLabel("2026-11-25T18:01:45.000Z", "America/New_York", now)).toBe(
      "Wed, Nov 25, 1:01 PM",
    );
    expect(dateTimeLabel("2026-11-25T18:01:45.000Z", "UTC", now)).toBe("Wed, Nov 25, 6:01 PM");
    expect(dateTimeLabel("2026-11-26T04:05:00.000Z", "America/New_York", now)).toBe(
      "Wed, Nov 25, 11:05 PM",
    );
    expect(dateTimeLabel("2026-11-25T05:00:00.000Z", "America/New_York", now)).toBe(
      "Wed, Nov 25, 12:00 AM",
    );
    // New Year's Eve in New York is already the new year in UTC: the year is New York's.
    const newYear = new Date("2027-01-01T03:00:00.000Z");
    expect(dateTimeLabel("2026-12-31T23:00:00.000Z", "America/New_York", newYear)).toBe(
      "Thu, Dec 31, 6:00 PM",
    );
    expect(dateTimeLabel("2026-12-31T23:00:00.000Z", "UTC", newYear)).toBe(
      "Thu, Dec 31, 2026, 11:00 PM",
    );
  });
});
