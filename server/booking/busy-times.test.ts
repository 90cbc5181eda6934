import { describe, expect, it } from "vitest";
import { busyTimes } from "./busy-times.ts";
import { isMeetingUid } from "./calendar-event.ts";

const calendar = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");
const event = (...lines: string[]) => [
  "BEGIN:VEVENT",
  "DTSTAMP:20261101T000000Z",
  ...lines,
  "END:VEVENT",
];

/** New York's rules, as calendar programs send them. */
const newYork = [
  "BEGIN:VTIMEZONE",
  "TZID:Eastern Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16011104T020000",
  "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010311T020000",
  "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

const from = Date.parse("2026-11-01T00:00:00Z");
const to = Date.parse("2027-01-01T00:00:00Z");
const read = (objects: string[], ownerTimeZone = "America/New_York") =>
  busyTimes(objects, {
    from,
    to,
    ownerTimeZone,
    isOwnMeeting: (uid) => isMeetingUid(uid, "fineline.studio"),
  }).map((span) => [new Date(span.start).toISOString(), new Date(span.end).toISOString()]);

describe("the owner's busy times from his calendar", () => {
  it("reads an event in UTC", () => {
    const ics = calendar(
      ...event("UID:a", "DTSTART:20261201T150000Z", "DTEND:20261201T160000Z", "SUMMARY:Dentist"),
    );
    expect(read([ics])).toEqual([["2026-12-01T15:00:00.000Z", "2026-12-01T16:00:00.000Z"]]);
  });

  it("reads a zone the object defines, and an IANA zone it only names, across the clock change", () => {
    const defined = calendar(
      ...newYork,
      ...event(
        "UID:b",
        "DTSTART;TZID=Eastern Standard Time:20261030T090000",
        "DTEND;TZID=Eastern Standard Time:20261030T100000",
        "RRULE:FREQ=WEEKLY;COUNT=2",
      ),
    );
    // 30 October is still daylight time (UTC-4); 6 November is standard time (UTC-5).
    expect(read([defined])).toEqual([["2026-11-06T14:00:00.000Z", "2026-11-06T15:00:00.000Z"]]);
    const named = calendar(
      ...event(
        "UID:c",
        "DTSTART;TZID=Europe/London:20261102T090000",
        "DTEND;TZID=Europe/London:20261102T093000",
        "RRULE:FREQ=DAILY;COUNT=2",
      ),
    );
    expect(read([named])).toEqual([
      ["2026-11-02T09:00:00.000Z", "2026-11-02T09:30:00.000Z"],
      ["2026-11-03T09:00:00.000Z", "2026-11-03T09:30:00.000Z"],
    ]);
  });

  it("expands a series with an exception, a moved occurrence and a cancelled one", () => {
    const ics = calendar(
      ...event(
        "UID:standup",
        "DTSTART;TZID=America/New_York:20261130T093000",
        "DTEND;TZID=America/New_York:20261130T100000",
        "RRULE:FREQ=DAILY;COUNT=5",
        "EXDATE;TZID=America/New_York:20261201T093000",
      ),
      ...event(
        "UID:standup",
        "RECURRENCE-ID;TZID=America/New_York:20261202T093000",
        "DTSTART;TZID=America/New_York:20261202T150000",
        "DTEND;TZID=America/New_York:20261202T153000",
      ),
      ...event(
        "UID:standup",
        "RECURRENCE-ID;TZID=America/New_York:20261203T093000",
        "DTSTART;TZID=America/New_York:20261203T093000",
        "DTEND;TZID=America/New_York:20261203T100000",
        "STATUS:CANCELLED",
      ),
    );
    expect(read([ics])).toEqual([
      ["2026-11-30T14:30:00.000Z", "2026-11-30T15:00:00.000Z"],
      ["2026-12-02T20:00:00.000Z", "2026-12-02T20:30:00.000Z"],
      ["2026-12-04T14:30:00.000Z", "2026-12-04T15:00:00.000Z"],
    ]);
  });

  it("holds the owner's whole day for an all-day event, and ignores free and cancelled ones", () => {
    const ics = [
      calendar(...event("UID:d", "DTSTART;VALUE=DATE:20261224", "DTEND;VALUE=DATE:20261226")),
      calendar(
        ...event(
          "UID:e",
          "DTSTART:20261210T150000Z",
          "DTEND:20261210T160000Z",
          "TRANSP:TRANSPARENT",
        ),
      ),
      calendar(
        ...event("UID:f", "DTSTART:20261211T150000Z", "DTEND:20261211T160000Z", "STATUS:CANCELLED"),
      ),
    ];
    // Midnight to midnight in New York: 05:00 UTC.
    expect(read(ics)).toEqual([["2026-12-24T05:00:00.000Z", "2026-12-26T05:00:00.000Z"]]);
  });

  it("takes a floating time and a duration on the owner's clock", () => {
    const ics = calendar(...event("UID:g", "DTSTART:20261207T130000", "DURATION:PT90M"));
    expect(read([ics])).toEqual([["2026-12-07T18:00:00.000Z", "2026-12-07T19:30:00.000Z"]]);
  });

  it("leaves out this site's own meetings, and only this site's", () => {
    const own = "meeting-0193e2a4-5b6c-7d8e-9f00-112233445566@fineline.studio";
    const other = "meeting-0193e2a4-5b6c-7d8e-9f00-112233445566@elsewhere.example";
    const ics = [
      calendar(...event(`UID:${own}`, "DTSTART:20261201T150000Z", "DTEND:20261201T153000Z")),
      calendar(...event(`UID:${other}`, "DTSTART:20261202T150000Z", "DTEND:20261202T153000Z")),
    ];
    expect(read(ics)).toEqual([["2026-12-02T15:00:00.000Z", "2026-12-02T15:30:00.000Z"]]);
  });

  it("stops an endless series at the range, and skips what it cannot read", () => {
    const endless = calendar(
      ...event("UID:h", "DTSTART:20200106T150000Z", "DTEND:20200106T160000Z", "RRULE:FREQ=WEEKLY"),
    );
    const spans = read([endless, "BEGIN:VCALENDAR\r\nthis is not iCalendar"]);
    // Mondays of November and December 2026.
    expect(spans).toHaveLength(9);
    expect(spans[0]).toEqual(["2026-11-02T15:00:00.000Z", "2026-11-02T16:00:00.000Z"]);
    expect(spans.at(-1)).toEqual(["2026-12-28T15:00:00.000Z", "2026-12-28T16:00:00.000Z"]);
  });
});
