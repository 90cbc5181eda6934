import * as z from "zod/mini";
import { contactBounds, contactFields } from "./contact.ts";
import { contactTexts } from "./contact-texts.ts";
import {
  addDays,
  type CalendarDate,
  isCalendarDate,
  isTimeZone,
  todayIn,
  wallMinuteIs,
  weekdayOf,
  zonedMinute,
} from "./dates.ts";
import { uuidPattern } from "./lead-record.ts";

/**
 * Booking a free call (ADR 022): the owner's availability, and the times it offers. Pure
 * rules, shared by the API, the admin's Settings form and the booking page. Times of day are
 * wall-clock times in the owner's zone (TIMEZONE); a slot is a pair of instants in UTC.
 */

export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof weekdays)[number];

/** Every time of day and length is a multiple of this, so meetings claim whole blocks. */
export const bookingGrainMinutes = 5;

export const bookingLimits = Object.freeze({
  meetingMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  noticeHours: { min: 0, max: 720 },
  horizonDays: { min: 1, max: 365 },
  maxPerDay: { min: 1, max: 50 },
  intervalsPerDay: 4,
  daysOff: 366,
  /** The most days one slots request may span. */
  rangeDays: 62,
});

export const bookingTexts = Object.freeze({
  badTime: `Times are written HH:MM, on the hour or a multiple of ${bookingGrainMinutes} minutes past it (09:00, 17:30).`,
  badInterval: "Each period must end after it starts.",
  overlapping: "A day's periods must not overlap; list them in order.",
  tooManyIntervals: `At most ${bookingLimits.intervalsPerDay} periods a day.`,
  meetingMinutes: `Meeting length must be a whole number of minutes from ${bookingLimits.meetingMinutes.min} to ${bookingLimits.meetingMinutes.max}, a multiple of ${bookingGrainMinutes}.`,
  bufferMinutes: `Buffer must be a whole number of minutes from ${bookingLimits.bufferMinutes.min} to ${bookingLimits.bufferMinutes.max}, a multiple of ${bookingGrainMinutes}.`,
  noticeHours: `Minimum notice must be a whole number of hours from ${bookingLimits.noticeHours.min} to ${bookingLimits.noticeHours.max}.`,
  horizonDays: `How far ahead must be a whole number of days from ${bookingLimits.horizonDays.min} to ${bookingLimits.horizonDays.max}.`,
  maxPerDay: `Meetings a day must be empty (no limit) or a whole number from ${bookingLimits.maxPerDay.min} to ${bookingLimits.maxPerDay.max}.`,
  badDayOff: "Days off are dates written YYYY-MM-DD.",
  tooManyDaysOff: `At most ${bookingLimits.daysOff} days off.`,
  notAnObject: "Send the availability as a JSON object.",
  saved: "Availability saved.",
  badDate: "from and to are dates written YYYY-MM-DD.",
  badRange: "from must be on or before to.",
  rangeTooLong: `Ask for at most ${bookingLimits.rangeDays} days at a time.`,
});

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** "09:30" as a minute of the day (570); "24:00" is 1440. */
export const minuteOfDay = (time: string) =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const isGridTime = (value: string) =>
  timePattern.test(value) && minuteOfDay(value) % bookingGrainMinutes === 0;

const time = z
  .string({ error: bookingTexts.badTime })
  .check(z.refine(isGridTime, { error: bookingTexts.badTime }));

const interval = z.object({ start: time, end: time }).check(
  z.refine((period) => minuteOfDay(period.end) > minuteOfDay(period.start), {
    error: bookingTexts.badInterval,
  }),
);

const dayHours = z.array(interval).check(
  z.maxLength(bookingLimits.intervalsPerDay, { error: bookingTexts.tooManyIntervals }),
  z.refine(
    (periods) =>
      periods.every(
        (period, i) =>
          i === 0 || minuteOfDay(period.start) >= minuteOfDay(periods[i - 1]?.end ?? "00:00"),
      ),
    { error: bookingTexts.overlapping },
  ),
);

const whole = (min: number, max: number, error: string, grain = 1) =>
  z
    .number({ error })
    .check(
      z.refine((n) => Number.isInteger(n) && n >= min && n <= max && n % grain === 0, { error }),
    );

const { meetingMinutes, bufferMinutes, noticeHours, horizonDays, maxPerDay } = bookingLimits;

export const availability = z
  .object(
    {
      weeklyHours: z
        .object(
          Object.fromEntries(weekdays.map((day) => [day, dayHours])) as Record<
            Weekday,
            typeof dayHours
          >,
        )
        .check(
          z.describe(
            "Per weekday, the periods (HH:MM to HH:MM, in the owner's zone) when calls can be booked; an empty list is a day off.",
          ),
        ),
      meetingMinutes: whole(
        meetingMinutes.min,
        meetingMinutes.max,
        bookingTexts.meetingMinutes,
        bookingGrainMinutes,
      ),
      bufferMinutes: whole(
        bufferMinutes.min,
        bufferMinutes.max,
        bookingTexts.bufferMinutes,
        bookingGrainMinutes,
      ),
      noticeHours: whole(noticeHours.min, noticeHours.max, bookingTexts.noticeHours).check(
        z.describe("Minimum notice before a booking, and before a visitor may move or cancel one."),
      ),
      horizonDays: whole(horizonDays.min, horizonDays.max, bookingTexts.horizonDays).check(
        z.describe("How many days ahead visitors may book."),
      ),
      maxPerDay: z
        .nullable(whole(maxPerDay.min, maxPerDay.max, bookingTexts.maxPerDay))
        .check(z.describe("At most this many meetings a day; null for no limit.")),
      daysOff: z
        .array(
          z
            .string({ error: bookingTexts.badDayOff })
            .check(z.refine(isCalendarDate, { error: bookingTexts.badDayOff })),
          { error: bookingTexts.badDayOff },
        )
        .check(z.maxLength(bookingLimits.daysOff, { error: bookingTexts.tooManyDaysOff })),
    },
    { error: bookingTexts.notAnObject },
  )
  .register(z.globalRegistry, {
    id: "Availability",
    description: "When visitors may book a call with the owner.",
  });
export type Availability = z.output<typeof availability>;

const nineToFive = [{ start: "09:00", end: "17:00" }];

/** Monday to Friday 09:00–17:00, 30-minute calls, 15 minutes between, 4 hours' notice, 30 days. */
export const defaultAvailability: Availability = Object.freeze({
  weeklyHours: {
    monday: nineToFive,
    tuesday: nineToFive,
    wednesday: nineToFive,
    thursday: nineToFive,
    friday: nineToFive,
    saturday: [],
    sunday: [],
  },
  meetingMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 4,
  horizonDays: 30,
  maxPerDay: null,
  daysOff: [],
});

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

/** A slots request's dates: today to the horizon by default, at most 62 days. */
export const slotsQuery = z.object({
  from: z.optional(
    z
      .string({ error: bookingTexts.badDate })
      .check(
        z.refine(isCalendarDate, { error: bookingTexts.badDate }),
        z.describe("First day, YYYY-MM-DD in the owner's zone (default today)."),
      ),
  ),
  to: z.optional(
    z
      .string({ error: bookingTexts.badDate })
      .check(
        z.refine(isCalendarDate, { error: bookingTexts.badDate }),
        z.describe("Last day, YYYY-MM-DD in the owner's zone (default the horizon's last day)."),
      ),
  ),
});

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

export const slot = z.object({
  start: z.string().check(z.describe("ISO 8601, UTC.")),
  end: z.string().check(z.describe("ISO 8601, UTC.")),
});

export const slotsResponse = z
  .object({
    timeZone: z.string().check(z.describe("The owner's zone, in which the days were counted.")),
    length: z.number().check(z.describe("Meeting length in minutes.")),
    slots: z.array(slot).check(z.describe("Free times, oldest first.")),
  })
  .register(z.globalRegistry, { id: "BookingSlots", description: "Times a visitor may book." });
export type SlotsResponse = z.output<typeof slotsResponse>;

export const bookingMessages = Object.freeze({
  booked: "Your call is booked. We've sent the details and a calendar invite to your email.",
  taken: "That time is no longer available. Please pick another.",
  badStart: "Pick one of the times offered (start, an ISO 8601 time in UTC).",
});

const isInstant = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(value) &&
  !Number.isNaN(Date.parse(value));

/** A visitor's IANA zone, if it is one; anything else is forgotten, never a reason to refuse. */
const visitorZone = z.optional(
  z.catch(
    z.nullable(
      z
        .string()
        .check(
          z.maxLength(64),
          z.refine(isTimeZone),
          z.describe("The visitor's IANA time zone, used in what they receive."),
        ),
    ),
    null,
  ),
);

/**
 * A booking: the contact form's fields, checked in its order with its texts (email, first
 * name, last name), then the time. The contact form's spam layers apply to it too.
 */

/** A sealed booking pass with the longest details a form takes (names and address in UTF-8). */
const passMaxLength = 4096;
export const bookingRequest = z
  .object(
    {
      ...contactFields,
      start: z
        .string({ error: bookingMessages.badStart })
        .check(
          z.refine(isInstant, { error: bookingMessages.badStart }),
          z.describe("The slot's start, as GET /api/booking/slots gave it."),
        ),
      timeZone: visitorZone,
      bookingPass: z.optional(
        z.catch(
          z
            .string()
            .check(
              z.maxLength(passMaxLength),
              z.describe(
                "From the contact form's answer: joins the lead it just created. " +
                  "An expired or unknown pass is ignored, never a reason to refuse.",
              ),
            ),
          "",
        ),
      ),
    },
    { error: contactTexts.invalidEmail },
  )
  .check(...contactBounds);
export type BookingRequest = z.output<typeof bookingRequest>;

export const bookingConfirmation = z
  .object({
    message: z.string(),
    booking: z.object({
      ID: z.string(),
      start: z.string().check(z.describe("ISO 8601, UTC.")),
      end: z.string().check(z.describe("ISO 8601, UTC.")),
      manageUrl: z
        .string()
        .check(z.describe("The visitor's page to see, move or cancel the call.")),
    }),
  })
  .register(z.globalRegistry, { id: "BookingConfirmation", description: "A call booked." });

export const manageTexts = Object.freeze({
  notFound: "We couldn't find that booking. Check the link in your confirmation email.",
  tooLate:
    "It's too close to the call to change it here. Please reply to your confirmation email instead.",
  cancelled: "This call was canceled. Book a new time whenever it suits you.",
  moved: "Your call has moved. We've sent the new details and an updated invite.",
  cancelledNow: "Your call is canceled. We've let the studio know.",
});

/** A booking as its manage page shows it. */
export const managedBooking = z
  .object({
    ID: z.string(),
    start: z.string().check(z.describe("ISO 8601, UTC.")),
    end: z.string().check(z.describe("ISO 8601, UTC.")),
    status: z.enum(["booked", "cancelled"]),
    firstName: z.string(),
    timeZone: z.nullable(z.string()).check(z.describe("The visitor's zone, as they booked.")),
    ownerTimeZone: z.string(),
    changeableUntil: z
      .string()
      .check(z.describe("Until when the visitor may move or cancel it online (the notice).")),
  })
  .register(z.globalRegistry, { id: "ManagedBooking", description: "A booking, for its visitor." });
export type ManagedBooking = z.output<typeof managedBooking>;

export const manageParams = z.object({
  token: z.string().check(z.maxLength(100), z.describe("The token from the manage link.")),
});

export const rescheduleBody = z.object(
  {
    start: z
      .string({ error: bookingMessages.badStart })
      .check(z.refine(isInstant, { error: bookingMessages.badStart })),
  },
  { error: bookingMessages.badStart },
);

/** `GET /api/meetings`: days in the owner's zone (today and the next 7 by default), or one lead's. */
export const meetingsQuery = z.object({
  ...slotsQuery.shape,
  lead: z.optional(
    z
      .string()
      .check(z.regex(uuidPattern), z.describe("One lead's meetings, whatever their dates.")),
  ),
});

/**
 * How long the contact form's "Book a call now" pass lasts: long enough to pick a time after
 * sending a message, short enough that a forwarded link soon says nothing.
 */
export const bookingPassMinutes = 120;

/** `POST /api/booking/prefill`: the details behind a pass, to fill in the booking form. */
export const prefillRequest = z.object({
  pass: z
    .string({ error: "Send the pass from the contact form's answer." })
    .check(z.maxLength(passMaxLength)),
});
export const prefillResponse = z
  .object({ email: z.string(), firstName: z.string(), lastName: z.string() })
  .register(z.globalRegistry, {
    id: "BookingPrefill",
    description: "The visitor's details, as they sent them with the contact form.",
  });
export const prefillTexts = Object.freeze({
  expired: "That link has expired. Fill in your details below to book.",
});

/** How many days the meetings list covers by default: today and the next seven. */
export const upcomingDays = 7;

export const meetingRecord = z
  .object({
    ID: z.string(),
    LeadID: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    start: z.string().check(z.describe("ISO 8601, UTC.")),
    end: z.string().check(z.describe("ISO 8601, UTC.")),
    status: z.enum(["booked", "cancelled"]),
    cancelledBy: z.nullable(z.enum(["visitor", "owner"])),
  })
  .register(z.globalRegistry, { id: "Meeting", description: "A call booked by a visitor." });
export type MeetingRecord = z.output<typeof meetingRecord>;

export const meetingsTexts = Object.freeze({
  badId: "The meeting ID must be a UUID.",
  notFound: "Meeting not found.",
  cancelled: "Call canceled. The visitor has been told.",
  alreadyCancelled: "That call was already canceled.",
});

/** `/api/meetings/{id}/…`: a meeting's ID in the address. */
export const meetingIdParams = z.object({
  id: z
    .string({ error: meetingsTexts.badId })
    .check(z.regex(uuidPattern, { error: meetingsTexts.badId }), z.toLowerCase()),
});
