/**
 * Calendar dates ("2026-11-23") and the owner's time zone. A follow-up is due on a day, not at
 * an instant: which day it is now, and when a day starts, depend on where the owner is. Plain
 * Intl, so the browser and the server agree without a time-zone library.
 */

/** A date as the API writes it: YYYY-MM-DD. */
export type CalendarDate = string;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form ("2026-02-30" is not one). */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const utcOf = (date: CalendarDate) => Date.parse(`${date}T00:00:00.000Z`);
const dateOfUtc = (ms: number): CalendarDate => new Date(ms).toISOString().slice(0, 10);
const dayMs = 24 * 60 * 60 * 1000;

export const addDays = (date: CalendarDate, days: number): CalendarDate =>
  dateOfUtc(utcOf(date) + days * dayMs);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: CalendarDate) => new Date(utcOf(date)).getUTCDay();

/** `count` working days (Monday to Friday) after `date`. */
export function addWorkingDays(date: CalendarDate, count: number): CalendarDate {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addDays(day, 1);
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day;
}

/**
 * The quick follow-up choices, counted in working days like the offer after a reply: a
 * follow-up never lands on a weekend. "Next week" is five working days on: the same weekday
 * a week from a weekday.
 */
export const quickFollowUps = [
  { key: "tomorrow", label: "Tomorrow", workingDays: 1 },
  { key: "in-3-days", label: "In 3 days", workingDays: 3 },
  { key: "next-week", label: "Next week", workingDays: 5 },
] as const;
export type QuickFollowUp = (typeof quickFollowUps)[number]["key"];
export const quickFollowUpDate = (today: CalendarDate, key: QuickFollowUp): CalendarDate =>
  addWorkingDays(today, quickFollowUps.find((choice) => choice.key === key)?.workingDays ?? 1);

/** Whether Intl knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at an instant: its date, hour and minute. */
export function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}` as CalendarDate,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Today's date where the owner is. */
export const todayIn = (timeZone: string, at = new Date()): CalendarDate =>
  wallClock(at, timeZone).date;

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(at: number, timeZone: string): number {
  const wall = wallClock(new Date(at), timeZone);
  const asUtc = Date.UTC(
    Number(wall.date.slice(0, 4)),
    Number(wall.date.slice(5, 7)) - 1,
    Number(wall.date.slice(8, 10)),
    wall.hour,
    wall.minute,
    wall.second,
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in `timeZone`: the first one, when clocks go back and
 * it happens twice; the moment of the jump, when clocks go forward past it (Santiago's days
 * can start at 1:00, New York's 2:30 is skipped once a year).
 */
export function zonedTime(date: CalendarDate, hour: number, timeZone: string): Date {
  return zonedMinute(date, hour * 60, timeZone);
}

/** As zonedTime, for a minute of the day (570 is 9:30). */
export function zonedMinute(date: CalendarDate, minuteOfDay: number, timeZone: string): Date {
  const naive = utcOf(date) + minuteOfDay * 60 * 1000;
  // The zone's offset a day before and a day after: one of them holds at the wanted time.
  const before = naive - offsetMs(naive - dayMs, timeZone);
  const after = naive - offsetMs(naive + dayMs, timeZone);
  const valid = [before, after]
    .filter((at) => wallMinuteIs(at, date, minuteOfDay, timeZone))
    .sort((a, b) => a - b);
  // Neither: the time was skipped. Read with the offset before the jump, it lands on the jump.
  return new Date(valid[0] ?? before);
}

/** Whether the wall clock in `timeZone` at `at` reads `date` and that minute of the day. */
export function wallMinuteIs(
  at: number,
  date: CalendarDate,
  minuteOfDay: number,
  timeZone: string,
): boolean {
  const wall = wallClock(new Date(at), timeZone);
  // A minute of 1440 ("24:00") is the next day's midnight.
  const [day, minute] =
    minuteOfDay >= 1440 ? [addDays(date, 1), minuteOfDay - 1440] : [date, minuteOfDay];
  return wall.date === day && wall.hour * 60 + wall.minute === minute;
}

/** Midnight at the start of `date` in `timeZone`, as an instant. */
export const startOfDay = (date: CalendarDate, timeZone: string) => zonedTime(date, 0, timeZone);

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * An instant as ISO 8601 local time in `timeZone`, with that zone's offset at that instant and
 * no milliseconds: "2026-11-25T13:01:45-05:00" in New York, "…+00:00" in UTC. A spreadsheet
 * shows the owner's clock and still knows the instant, across daylight-saving changes. A value
 * that is not a date comes back as it was.
 */
export function isoInZone(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const wall = wallClock(new Date(at), timeZone);
  const offset = Math.round(offsetMs(at, timeZone) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `${wall.date}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${sign}${pad(hours)}:${pad(minutes)}`;
}

const labelFormats = new Map<string, Intl.DateTimeFormat>();
function labelParts(at: Date, timeZone: string, withTime: boolean) {
  const key = `${timeZone} ${withTime}`;
  let format = labelFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      ...(withTime ? { hour: "numeric", minute: "2-digit", hourCycle: "h12" } : {}),
    } as const);
    labelFormats.set(key, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/**
 * A calendar day as the owner reads it: "Fri, Nov 20", with the year only when it is not
 * `today`'s year ("Mon, Dec 28, 2026"). Without `today`, never the year. A date, not an
 * instant, so no zone moves it.
 */
export function dayLabel(date: CalendarDate, today?: CalendarDate): string {
  const parts = labelParts(new Date(`${date}T00:00:00Z`), "UTC", false);
  const year = today && today.slice(0, 4) !== parts.year ? `, ${parts.year}` : "";
  return `${parts.weekday}, ${parts.month} ${parts.day}${year}`;
}

/**
 * An instant on the owner's clock: "Wed, Nov 25, 1:01 PM", with the year only when it is not
 * the current year there ("Mon, Dec 28, 2026, 9:15 AM"). Put together from parts, so every ICU
 * version writes it alike (newer ones put a narrow no-break space before "PM").
 */
export function dateTimeLabel(iso: string, timeZone: string, now = new Date()): string {
  const parts = labelParts(new Date(iso), timeZone, true);
  const year = todayIn(timeZone, now).slice(0, 4) !== parts.year ? `, ${parts.year}` : "";
  return `${parts.weekday}, ${parts.month} ${parts.day}${year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** "3 h", "2 days": how long something has waited, rounded down, as the tracker and digest say it. */
export function waitedFor(sinceIso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(sinceIso)) / 60_000));
  if (minutes < 60) return minutes <= 1 ? "1 min" : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
