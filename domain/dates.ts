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
  const naive = utcOf(date) + hour * 60 * 60 * 1000;
  // The zone's offset a day before and a day after: one of them holds at the wanted time.
  const before = naive - offsetMs(naive - dayMs, timeZone);
  const after = naive - offsetMs(naive + dayMs, timeZone);
  const hits = (at: number) => {
    const wall = wallClock(new Date(at), timeZone);
    return wall.date === date && wall.hour === hour && wall.minute === 0;
  };
  const valid = [before, after].filter(hits).sort((a, b) => a - b);
  // Neither: the time was skipped. Read with the offset before the jump, it lands on the jump.
  return new Date(valid[0] ?? before);
}

/** Midnight at the start of `date` in `timeZone`, as an instant. */
export const startOfDay = (date: CalendarDate, timeZone: string) => zonedTime(date, 0, timeZone);

/** "3 h", "2 days": how long something has waited, rounded down, as the tracker and digest say it. */
export function waitedFor(sinceIso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(sinceIso)) / 60_000));
  if (minutes < 60) return minutes <= 1 ? "1 min" : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
