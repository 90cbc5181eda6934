import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  eventParams,
  eventRegistrations,
  eventSummary,
  guestRegistration,
  registrantsMessage,
  registrantsMessageQueued,
  registrationParams,
  registrationRequest,
  registrationTokenParams,
  seatsResponse,
} from "./events.ts";

/** Event registration (ADR 026), spread into `endpoints` (domain/endpoints.ts). */
export const eventEndpoints = {
  registerForEvent: {
    method: "POST",
    url: "/api/events/:slug/registrations",
    schema: {
      summary: "Register for an event",
      description:
        "A visitor saves seats at an upcoming event. The fields are checked in the contact " +
        "form's order with its texts, and its spam layers apply (a spam verdict takes no seat " +
        "and is answered like a registration). The database holds the event's capacity " +
        "across every instance: past it, 409. One client address holds at most 10 seats of " +
        "an event across its registrations: past that, 429. The registration creates a lead " +
        "of its own (never one found by the address), and a confirmation with an iCalendar invite is e-mailed. The " +
        "same address registering again, for any number of seats, is answered as before and " +
        "changes nothing (a stranger learns nothing of who registered); its confirmation is " +
        "sent again at most once a day. A plain HTML form post (urlencoded) is answered with " +
        "a 303 to the " +
        "event's confirmation page, or its page again with the message. 10 per address per 10 " +
        "minutes.",
      tags: ["Events"],
      consumes: ["application/json", "application/x-www-form-urlencoded"],
      params: eventParams,
      body: registrationRequest,
      response: {
        201: z.object({ message: z.string() }).check(z.describe("Registered.")),
        303: z
          .null()
          .check(z.describe("A form post: `Location` is the page that shows the outcome.")),
        ...errorResponses(400, 413, 415),
        404: errorFor("No such event, or it has already started."),
        409: errorFor('Not enough seats left ("This event is full." when none).'),
        429: errorFor(
          "Too many registrations from this address, or ten seats of this event already held by it (with Retry-After).",
        ),
      },
    },
  },

  eventSeats: {
    method: "GET",
    url: "/api/events/:slug/seats",
    schema: {
      summary: "Seats left at an event",
      description:
        "What the event's page shows beside its form. 404 for an unknown event, or one that " +
        "has already started.",
      tags: ["Events"],
      params: eventParams,
      response: {
        200: seatsResponse,
        404: errorFor("No such event, or it has already started."),
        ...errorResponses(),
      },
    },
  },

  guestRegistration: {
    method: "GET",
    url: "/api/registrations/:token",
    schema: {
      summary: "A registration, by its guest's link",
      description:
        "What the link in a registration's confirmation e-mail shows its guest: the event, " +
        "their first name and seats, and whether they can still cancel (until the event " +
        "starts). The token is signed by the server and names one registration; any other " +
        "token, or one whose registration is gone, answers 404.",
      tags: ["Events"],
      params: registrationTokenParams,
      response: {
        200: guestRegistration,
        ...errorResponses(),
        404: errorFor("No such registration (canceled already, or the link is not one of ours)."),
      },
    },
  },

  cancelOwnRegistration: {
    method: "POST",
    url: "/api/registrations/:token/cancel",
    schema: {
      summary: "Cancel a registration, by its guest's link",
      description:
        "The guest can't come after all: the registration is deleted and its seats are free " +
        "again at once, for every instance, and the cancellation (an iCalendar CANCEL for the " +
        "invite) is e-mailed to them. Until the event starts; then 409. Two cancels at once " +
        "free the seats once: the second answers 404. The lead stays.",
      tags: ["Events"],
      params: registrationTokenParams,
      body: emptyBody,
      response: {
        200: z.object({ message: z.string() }).check(z.describe("Canceled.")),
        ...errorResponses(415, 429),
        404: errorFor("No such registration (canceled already, or the link is not one of ours)."),
        409: errorFor("The event has started."),
      },
    },
  },

  events: {
    method: "GET",
    url: "/api/events",
    schema: {
      summary: "Events and their registrations",
      description:
        "Admins only. Every event of the site, upcoming first (soonest first), then past " +
        "(latest first), with its capacity, seats taken and left, and registrations.",
      tags: ["Events"],
      security: tokenSecurity,
      response: { 200: z.object({ events: z.array(eventSummary) }), ...errorResponses(401, 403) },
    },
  },

  eventRegistrations: {
    method: "GET",
    url: "/api/events/:slug/registrations",
    schema: {
      summary: "Who registered for an event",
      description: "Admins only. The event's registrations, oldest first.",
      tags: ["Events"],
      security: tokenSecurity,
      params: eventParams,
      response: {
        200: eventRegistrations,
        ...errorResponses(401, 403),
        404: errorFor("No such event."),
      },
    },
  },

  cancelEventRegistration: {
    method: "POST",
    url: "/api/events/:slug/registrations/:id/cancel",
    schema: {
      summary: "Cancel a registration",
      description:
        "Admins only. The owner cancels someone's registration (they wrote that they cannot " +
        "come): its seats are free again at once, for every instance. For an event still to " +
        "come the visitor gets the cancellation by e-mail, with an iCalendar CANCEL for the " +
        "invite they received. The lead stays. 404 when the registration is gone (canceled " +
        "already, or its lead erased).",
      tags: ["Events"],
      security: tokenSecurity,
      params: registrationParams,
      body: emptyBody,
      response: {
        200: z.object({ message: z.string(), event: eventSummary }),
        ...errorResponses(400, 401, 403),
        404: errorFor("No such event or registration."),
      },
    },
  },

  messageRegistrants: {
    method: "POST",
    url: "/api/events/:slug/messages",
    schema: {
      summary: "Write to everyone registered for an event",
      description:
        "Admins only. The owner's message (a subject and a text) to each person registered " +
        "for the event, one e-mail each from MAIL_FROM, each kept as a message in that " +
        "person's lead's conversation, so a reply threads there. Queued in one transaction " +
        "through the outbox (each message sent once, retried until it goes); the answer says " +
        "how many people it goes to. 409 when no one is registered, or e-mail is not set up " +
        "(SMTP_URL, NOTIFY_EMAIL, MAIL_FROM).",
      tags: ["Events"],
      security: tokenSecurity,
      params: eventParams,
      body: registrantsMessage,
      response: {
        202: registrantsMessageQueued,
        ...errorResponses(400, 401, 403, 413, 415),
        404: errorFor("No such event."),
        409: errorFor("No one is registered, or sending e-mail is not set up."),
      },
    },
  },

  exportEventRegistrations: {
    method: "GET",
    url: "/api/events/:slug/registrations.csv",
    schema: {
      summary: "Export an event's registrations as CSV",
      description:
        "Admins only. One row per registration (name, e-mail, seats, registered at), RFC 4180 " +
        "with a UTF-8 BOM, formula-like cells defused as in the leads' export.",
      tags: ["Events"],
      security: tokenSecurity,
      params: eventParams,
      response: {
        200: {
          description: "The registrations, one row each, under a header row.",
          content: { "text/csv": { schema: z.string() } },
        },
        ...errorResponses(401, 403),
        404: errorFor("No such event."),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
