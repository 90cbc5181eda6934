import { type Availability, minuteOfDay } from "./booking.ts";
import { bookingLimits, bookingTexts, type Weekday, weekdays } from "./booking-texts.ts";
import {
  addDays,
  type CalendarDate,
  todayIn,
  wallMinuteIs,
  weekdayOf,
  zonedMinute,
} from "./dates.ts";

/**
 * The times a free call can be booked (docs/decisions/022-booking-claims-and-manage-links.md):
 * the owner's availability less what is taken, and the dates a slots request covers. Pure
 * arithmetic behind the booking API; a slot is a pair of instants in UTC.
 */

/** A time offered to visitors, or one taken: instants in UTC (ms since the epoch). */
export type Span = { readonly start: number; readonly end: number };

/** The weekday key of a date (weekdayOf counts from Sunday). */
export const weekdayKey = (date: CalendarDate): Weekday =>
  weekdays[(weekdayOf(date) + 6) % 7] as Weekday;

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * The times visitors may book between two dates (in the owner's zone), oldest first. A slot
 * starts on the weekly hours' grid (every meeting length from each period's start), exists on
 * the wall clock (a time skipped by a daylight-saving jump is not offered; one that happens
 * twice is offered once), ends within its period, starts after the minimum notice and on or
 * before the horizon's last day, keeps the buffer clear on both sides of every meeting,
 * overlaps no busy time of the owner's calendar, and falls on a day that is not off and has
 * room under the daily maximum.
 */
export function freeSlots({
  availability: a,
  timeZone,
  from,
  to,
  now,
  meetings,
  busy = [],
}: {
  availability: Availability;
  timeZone: string;
  from: CalendarDate;
  to: CalendarDate;
  now: Date;
  /** Booked meetings (not cancelled), with the owner's date each falls on. */
  meetings: ReadonlyArray<Span & { readonly date: CalendarDate }>;
  /** Busy times from the owner's own calendar. */
  busy?: readonly Span[];
}): Span[] {
  const today = todayIn(timeZone, now);
  const last = addDays(today, a.horizonDays);
  const earliest = now.getTime() + a.noticeHours * 3_600_000;
  const lengthMs = a.meetingMinutes * 60_000;
  const bufferMs = a.bufferMinutes * 60_000;
  const blocked = [
    ...meetings.map((m) => ({ start: m.start - bufferMs, end: m.end + bufferMs })),
    ...busy,
  ];
  const perDay = new Map<CalendarDate, number>();
  for (const m of meetings) perDay.set(m.date, (perDay.get(m.date) ?? 0) + 1);
  const daysOff = new Set(a.daysOff);

  const slots: Span[] = [];
  const seen = new Set<number>();
  for (
    let date = from < today ? today : from;
    date <= to && date <= last;
    date = addDays(date, 1)
  ) {
    if (daysOff.has(date)) continue;
    if (a.maxPerDay !== null && (perDay.get(date) ?? 0) >= a.maxPerDay) continue;
    const dayStart = zonedMinute(date, 0, timeZone).getTime();
    const dayEnd = zonedMinute(addDays(date, 1), 0, timeZone).getTime();
    // A day of 24 hours has no clock change: its minutes are its start plus that many minutes,
    // without asking Intl for each. A 23- or 25-hour day takes the careful way.
    const plain = dayEnd - dayStart === 86_400_000;
    const instantOf = (minute: number) =>
      plain ? dayStart + minute * 60_000 : zonedMinute(date, minute, timeZone).getTime();
    // Only what reaches into this day can stand in its way.
    const near = blocked.filter((taken) => taken.end > dayStart && taken.start < dayEnd + lengthMs);
    for (const period of a.weeklyHours[weekdayKey(date)]) {
      const close = minuteOfDay(period.end);
      const periodEnd = instantOf(close);
      for (
        let m = minuteOfDay(period.start);
        m + a.meetingMinutes <= close;
        m += a.meetingMinutes
      ) {
        const start = instantOf(m);
        // Skipped by clocks going forward: that wall time does not exist today.
        if (!plain && !wallMinuteIs(start, date, m, timeZone)) continue;
        const slot = { start, end: start + lengthMs };
        if (slot.end > periodEnd || slot.start < earliest || seen.has(start)) continue;
        if (near.some((taken) => overlaps(slot, taken))) continue;
        seen.add(start);
        slots.push(slot);
      }
    }
  }
  return slots.sort((x, y) => x.start - y.start);
}

/** The days a slots request covers, or why it cannot be answered. */
export function slotsRange(
  query: { from?: string | undefined; to?: string | undefined },
  { today, horizonDays }: { today: CalendarDate; horizonDays: number },
): { from: CalendarDate; to: CalendarDate } | { error: string } {
  const from = query.from ?? today;
  const horizon = addDays(today, horizonDays);
  const widest = addDays(from, bookingLimits.rangeDays - 1);
  // The earlier of the two (dates in this form sort as text).
  const to = query.to ?? ([horizon, widest].sort()[0] as CalendarDate);
  if (from > to) return { error: bookingTexts.badRange };
  if (addDays(from, bookingLimits.rangeDays - 1) < to) return { error: bookingTexts.rangeTooLong };
  return { from, to };
}
