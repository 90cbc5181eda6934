/**
 * Booking's texts and bounds (docs/decisions/022-booking-claims-and-manage-links.md), apart from
 * its schemas (domain/booking.ts) as the contact form's (contact-texts.ts) and events'
 * (event-texts.ts) are: a screen or test that needs only a message or a limit reads it here.
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

export const bookingMessages = Object.freeze({
  booked: "Your call is booked. We've sent the details and a calendar invite to your email.",
  taken: "That time is no longer available. Please pick another.",
  badStart: "Pick one of the times offered (start, an ISO 8601 time in UTC).",
});

export const manageTexts = Object.freeze({
  notFound: "We couldn't find that booking. Check the link in your confirmation email.",
  tooLate:
    "It's too close to the call to change it here. Please reply to your confirmation email instead.",
  cancelled: "This call was canceled. Book a new time whenever it suits you.",
  moved: "Your call has moved. We've sent the new details and an updated invite.",
  cancelledNow: "Your call is canceled. We've let the studio know.",
});

export const prefillTexts = Object.freeze({
  expired: "That link has expired. Fill in your details below to book.",
});

export const meetingsTexts = Object.freeze({
  badId: "The meeting ID must be a UUID.",
  notFound: "Meeting not found.",
  cancelled: "Call canceled. The visitor has been told.",
  alreadyCancelled: "That call was already canceled.",
});
