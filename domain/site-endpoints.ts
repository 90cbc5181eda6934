import * as z from "zod/mini";
import { type Endpoint, errorResponses } from "./api.ts";
import { contactRequest } from "./contact.ts";
import { contactTokenPath } from "./form-token-path.ts";
import { mailboxReadiness } from "./mailbox.ts";
import { formTokenResponse } from "./spam.ts";

/**
 * What every instance answers for itself (health, readiness, this reference) and the public
 * contact form's endpoints, spread into `endpoints` (domain/endpoints.ts).
 */
export const siteEndpoints = {
  health: {
    method: "GET",
    url: "/healthz",
    schema: {
      summary: "Liveness check",
      tags: ["Operations"],
      response: { 200: z.object({ status: z.literal("ok") }) },
    },
  },

  ready: {
    method: "GET",
    url: "/readyz",
    schema: {
      summary: "Readiness check",
      description:
        "200 when this instance can serve: its database answers and the build it serves is " +
        "complete. 503 otherwise, without details (the reason is in the server's log) save " +
        "`reason` when the build it serves is incomplete or gone: every page would be a 404 " +
        "until it is restarted. Load balancers route by this; /healthz only says " +
        "the process is alive. Redis (REDIS_URL) is reported but does not decide: without it " +
        "the site, the contact form and the admin still serve, and only sign-in, sign-up and " +
        "refresh refuse (their limits fail closed), so taking every instance out of the balancer " +
        "would only take the site down with it.",
      tags: ["Operations"],
      response: {
        200: z.object({
          status: z.literal("ready"),
          redis: z.optional(
            z
              .enum(["up", "down"])
              .check(z.describe("With REDIS_URL set: whether Redis answered within 2 s.")),
          ),
          calendar: z.optional(
            z
              .enum(["up", "down", "unknown"])
              .check(
                z.describe(
                  "With CALDAV_URL set: whether the last read of the owner's calendar worked " +
                    "(unknown before the first). Never decides readiness: without the calendar, " +
                    "free times come from the database alone.",
                ),
              ),
          ),
          mailbox: z.optional(mailboxReadiness),
        }),
        503: z.object({
          status: z.literal("unavailable"),
          message: z.string(),
          reason: z.optional(
            z
              .literal("build-incomplete")
              .check(
                z.describe(
                  "The build this instance serves is missing files (deleted under it): restart it.",
                ),
              ),
          ),
        }),
      },
    },
  },

  openApi: {
    method: "GET",
    url: "/api/openapi.json",
    schema: {
      summary: "This reference, as OpenAPI 3.1",
      description:
        "Generated at start-up from the same schemas that validate every request. It carries an " +
        "ETag: send it back in If-None-Match for a 304 while the server has not changed.",
      tags: ["Operations"],
      response: {
        200: z
          .looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
          .check(z.describe("An OpenAPI 3.1 document.")),
        304: z.null().check(z.describe("Unchanged since the ETag sent.")),
      },
    },
  },

  contactUs: {
    method: "POST",
    url: "/api/leads/contact-us",
    schema: {
      summary: "Send a contact request",
      description:
        "The home page's contact form. Stores the lead (UNREAD, WARM, " +
        "ContactedUs) and answers after the commit. The same e-mail and message within ten " +
        "minutes is stored once. A plain HTML form post (urlencoded) is answered with a 303 to " +
        "a confirmation or error page instead of JSON. 10 requests per address per 10 minutes. " +
        "A JSON answer carries a `Booking-Pass` header for the success message's \"Book a call " +
        'now": handed to /book as `#pass=…`, it fills in the booking form and joins this lead, ' +
        "for two hours.",
      tags: ["Contact"],
      consumes: ["application/json", "application/x-www-form-urlencoded"],
      body: contactRequest,
      response: {
        201: z
          .object({ message: z.string() })
          .check(z.describe("Stored (or a repeat within ten minutes, stored once).")),
        303: z
          .null()
          .check(z.describe("A form post: `Location` is the page that shows the outcome.")),
        ...errorResponses(400, 413, 415),
      },
    },
  },

  contactToken: {
    method: "GET",
    url: contactTokenPath,
    schema: {
      summary: "Start the contact form's clock",
      description:
        "A page with a form (contact, event registration, booking) asks for this as it is " +
        "shown, and the form sends it back as `formToken`. A request sent sooner than 3 " +
        "seconds after, or with a forged token, is kept as spam for review (and answered " +
        "like any other). 60 per address per minute.",
      tags: ["Contact"],
      response: { 200: formTokenResponse, ...errorResponses() },
    },
  },
} as const satisfies Record<string, Endpoint>;
