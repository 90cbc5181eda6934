import * as z from "zod/mini";
import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  availability,
  bookingConfirmation,
  bookingRequest,
  managedBooking,
  manageParams,
  meetingIdParams,
  meetingRecord,
  meetingsQuery,
  prefillRequest,
  prefillResponse,
  rescheduleBody,
  slotsQuery,
  slotsResponse,
} from "./booking.ts";

/** The booking API (docs/booking.md), spread into `endpoints` (domain/endpoints.ts). */
export const bookingEndpoints = {
  bookingAvailability: {
    method: "GET",
    url: "/api/booking/availability",
    schema: {
      summary: "The owner's availability",
      description: "Admins only. When visitors may book a call, as every instance offers it.",
      tags: ["Booking"],
      security: tokenSecurity,
      response: { 200: availability, ...errorResponses(401, 403) },
    },
  },

  saveAvailability: {
    method: "PUT",
    url: "/api/booking/availability",
    schema: {
      summary: "Set the owner's availability",
      description:
        "Admins only. Replaces the availability; the Settings screen sends the same body and " +
        "gets the same messages. Meetings already booked stay booked.",
      tags: ["Booking"],
      security: tokenSecurity,
      body: availability,
      response: {
        200: z.object({ message: z.string(), availability }),
        ...errorResponses(400, 401, 403, 413, 415),
      },
    },
  },

  bookingSlots: {
    method: "GET",
    url: "/api/booking/slots",
    schema: {
      summary: "Free times to book",
      description:
        "The times a visitor may book between two dates in the owner's zone (both optional: " +
        "today to the horizon; at most 62 days), oldest first. Each respects the weekly " +
        "hours, days off, notice, horizon, daily maximum, booked meetings with their buffer, " +
        "and the owner's busy times. 429 past 120 reads a minute per client address.",
      tags: ["Booking"],
      querystring: slotsQuery,
      response: { 200: slotsResponse, ...errorResponses(400, 429) },
    },
  },

  book: {
    method: "POST",
    url: "/api/booking",
    schema: {
      summary: "Book a call",
      description:
        "A visitor books one of the free times. The fields are checked in the contact form's " +
        "order with its texts, and its spam layers apply (a spam verdict books nothing and is " +
        "answered like a booking). A time that is not offered, or was just taken, answers " +
        "409. The booking creates a lead as the contact form does (never folding into an " +
        "earlier lead by its address), or joins the lead its pass names. 429 past one " +
        "upcoming call per e-mail address or three per client address, with Retry-After.",
      tags: ["Booking"],
      body: bookingRequest,
      response: {
        201: bookingConfirmation,
        ...errorResponses(400, 409, 413, 415, 429),
      },
    },
  },

  bookingPrefill: {
    method: "POST",
    url: "/api/booking/prefill",
    schema: {
      summary: "The details behind a booking pass",
      description:
        'The contact form\'s answer carries `bookingPass`; its "Book a call now" link hands ' +
        "it to the booking page, which asks for the visitor's details here to fill in the " +
        "form. A pass lasts two hours; an expired or unknown one answers 404.",
      tags: ["Booking"],
      body: prefillRequest,
      response: { 200: prefillResponse, ...errorResponses(400, 404, 415, 429) },
    },
  },

  managedBooking: {
    method: "GET",
    url: "/api/booking/:token",
    schema: {
      summary: "A booking, by its manage token",
      description: "The visitor's view of their call. An unknown token answers 404.",
      tags: ["Booking"],
      params: manageParams,
      response: { 200: managedBooking, ...errorResponses(404) },
    },
  },

  bookingCalendar: {
    method: "GET",
    url: "/api/booking/:token/calendar.ics",
    schema: {
      summary: "A booked call as a calendar file",
      description:
        "The visitor's call as an iCalendar file to add to any calendar program (METHOD " +
        "PUBLISH, the invite's UID, LOCATION and the manage link). A canceled call or an " +
        "unknown token answers 404.",
      tags: ["Booking"],
      params: manageParams,
      response: {
        200: {
          description: "The call, one VEVENT.",
          content: { "text/calendar": { schema: z.string() } },
        },
        ...errorResponses(404),
      },
    },
  },

  rescheduleBooking: {
    method: "POST",
    url: "/api/booking/:token/reschedule",
    schema: {
      summary: "Move a booking",
      description:
        "Moves the call to another free time. Inside the minimum notice, or once cancelled, " +
        "409 with a message asking the visitor to reply to the e-mail instead; a time no " +
        "longer free, 409.",
      tags: ["Booking"],
      params: manageParams,
      body: rescheduleBody,
      response: {
        200: z.object({ message: z.string(), booking: managedBooking }),
        ...errorResponses(400, 404, 409, 415, 429),
      },
    },
  },

  cancelBooking: {
    method: "POST",
    url: "/api/booking/:token/cancel",
    schema: {
      summary: "Cancel a booking",
      description:
        "Cancels the call. Inside the minimum notice, 409 with a message asking the visitor " +
        "to reply to the e-mail instead. Cancelling again answers as the first time did.",
      tags: ["Booking"],
      params: manageParams,
      body: emptyBody,
      response: {
        200: z.object({ message: z.string(), booking: managedBooking }),
        ...errorResponses(404, 409, 415, 429),
      },
    },
  },

  meetings: {
    method: "GET",
    url: "/api/meetings",
    schema: {
      summary: "Meetings",
      description:
        "Admins only. Calls booked between two days in the owner's zone (today and the next " +
        "7 by default; at most 62 days), booked and cancelled, oldest first; or, with `lead`, " +
        "that lead's calls.",
      tags: ["Booking"],
      security: tokenSecurity,
      querystring: meetingsQuery,
      response: { 200: z.array(meetingRecord), ...errorResponses(400, 401, 403) },
    },
  },

  cancelMeeting: {
    method: "POST",
    url: "/api/meetings/:id/cancel",
    schema: {
      summary: "Cancel a meeting",
      description:
        "Admins only. The owner cancels a call: its time is free again and the visitor gets " +
        "the cancellation. A call already cancelled answers 409.",
      tags: ["Booking"],
      security: tokenSecurity,
      params: meetingIdParams,
      body: emptyBody,
      response: {
        200: z.object({ message: z.string(), meeting: meetingRecord }),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
