import * as z from "zod/mini";
import {
  bookingGrainMinutes,
  bookingLimits,
  bookingMessages,
  bookingTexts,
  meetingsTexts,
  type Weekday,
  weekdays,
} from "./booking-texts.ts";
import { contactBounds, contactFields } from "./contact.ts";
import { contactTexts } from "./contact-texts.ts";
import { isCalendarDate, isTimeZone } from "./dates.ts";
import { uuidPattern } from "./lead-record.ts";
import { meetingLocation, publicLocation, visitorPhone } from "./meeting-location.ts";

/**
 * Booking a free call (ADR 022): the owner's availability, and what a visitor sends and gets
 * back, the manage page, the owner's meetings and the contact form's pass. Pure rules, shared
 * by the API, the admin's Settings form and the booking page. Times of day are wall-clock times
 * in the owner's zone (TIMEZONE). Texts and bounds are in domain/booking-texts.ts, the free
 * times the availability offers in domain/booking-slots.ts.
 */

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
      // Null until the owner says where (docs/booking.md, "Where calls happen"); left out by
      // a client from before it existed, it stays unsaid rather than guessed.
      location: z._default(z.nullable(meetingLocation), null),
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
  location: null,
});

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

export const slot = z.object({
  start: z.string().check(z.describe("ISO 8601, UTC.")),
  end: z.string().check(z.describe("ISO 8601, UTC.")),
});

export const slotsResponse = z
  .object({
    timeZone: z.string().check(z.describe("The owner's zone, in which the days were counted.")),
    length: z.number().check(z.describe("Meeting length in minutes.")),
    slots: z.array(slot).check(z.describe("Free times, oldest first.")),
    location: z
      .nullable(publicLocation)
      .check(z.describe("Where calls happen; null while the owner has not said.")),
  })
  .register(z.globalRegistry, { id: "BookingSlots", description: "Times a visitor may book." });
export type SlotsResponse = z.output<typeof slotsResponse>;

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
      phone: z.optional(visitorPhone),
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
      location: z
        .nullable(meetingLocation)
        .check(z.describe("Where the call happens; null while the owner has not said.")),
      phone: z.nullable(z.string()).check(z.describe("The number to call, for a phone call.")),
    }),
  })
  .register(z.globalRegistry, { id: "BookingConfirmation", description: "A call booked." });

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
    location: z
      .nullable(meetingLocation)
      .check(z.describe("Where the call happens; null when the owner had not said.")),
    phone: z.nullable(z.string()).check(z.describe("The number to call, for a phone call.")),
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
    location: z
      .nullable(meetingLocation)
      .check(z.describe("Where the call happens; null when the owner had not said.")),
    Phone: z.nullable(z.string()).check(z.describe("The number to call, for a phone call.")),
  })
  .register(z.globalRegistry, { id: "Meeting", description: "A call booked by a visitor." });
export type MeetingRecord = z.output<typeof meetingRecord>;

/** `/api/meetings/{id}/…`: a meeting's ID in the address. */
export const meetingIdParams = z.object({
  id: z
    .string({ error: meetingsTexts.badId })
    .check(z.regex(uuidPattern, { error: meetingsTexts.badId }), z.toLowerCase()),
});
