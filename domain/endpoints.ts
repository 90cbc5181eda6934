import * as z from "zod/mini";
import { adminSettings } from "./admin-settings.ts";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import {
  adminResponse,
  emptyBody,
  loginBody,
  logoutBody,
  messageResponse,
  refreshResponse,
  sessionCheckBody,
  sessionResponse,
  signupBody,
} from "./auth.ts";
import { bookingEndpoints } from "./booking-endpoints.ts";
import { contactRequest } from "./contact.ts";
import { conversationEndpoints } from "./conversation-endpoints.ts";
import { eventEndpoints } from "./event-endpoints.ts";
import { contactTokenPath } from "./form-token-path.ts";
import { insights, insightsQuery } from "./insights.ts";
import { bulkUnknown, bulkUpdateBody, bulkUpdated } from "./lead-bulk.ts";
import { leadChangesQuery, liveChanges } from "./lead-changes.ts";
import { leadExportQuery, leadList, leadListQuery } from "./lead-filters.ts";
import { backFromSpam, erasedLeads, leadIdsBody, movedToSpam } from "./lead-moves.ts";
import { leadHistory, leadIdParams, leadRecord } from "./lead-record.ts";
import { leadStats } from "./lead-stats.ts";
import { leadConflict, leadSaved, leadUpdateBody } from "./lead-update.ts";
import { mailboxReadiness } from "./mailbox.ts";
import { pagedListQuery } from "./paging.ts";
import { pipelineBoard, pipelineQuery } from "./pipeline.ts";
import { formTokenResponse, spamLead, spamList } from "./spam.ts";
import { visitBeacon } from "./visit-beacon.ts";
import { visitsPath } from "./visits.ts";

/**
 * Every endpoint of the API, described once (docs/decisions/010-api-contracts.md). The server
 * registers each route from its entry, so requests are validated and responses serialized by
 * these schemas; /api/openapi.json is generated from the registered routes; the admin's API
 * client parses each response with the schema of its status.
 */

const listDescription =
  "Admins only. Keyset paging: `limit` (default 50, at most 200) and the `cursor` of the " +
  'previous page\'s `Link: <…>; rel="next"` header. Search (`q`: every word in the name, ' +
  "e-mail or message, case-insensitive) and filters (`comm`, `lead`) ignore unknown values. " +
  "The first page (no `cursor`) says in `X-Total-Count` how many leads the list has in all.";

export const endpoints = {
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

  visits: {
    method: "POST",
    url: visitsPath,
    schema: {
      summary: "Count a page view",
      description:
        "The beacon a public page sends once it is shown: `{ path, referrer, utm_source, " +
        "utm_medium, utm_campaign }` as JSON, in any content type (navigator.sendBeacon). No " +
        "cookie, nothing stored of the address or user agent: a visitor of a day is a keyed " +
        "hash under that day's secret. Bots, Sec-GPC: 1, DNT: 1 and the admin's pages are not " +
        "counted. 204 for a page of this site, counted or not (a database connection lost " +
        "meanwhile is replaced and the count tried again); 400 for a body that is not one; 503 " +
        "with Retry-After only while the database does not answer.",
      tags: ["Insights"],
      body: z.union([
        visitBeacon,
        z.string().check(z.describe("The same JSON as text: what sendBeacon sends for a string.")),
      ]),
      response: { 204: z.null(), ...errorResponses(400, 413, 429) },
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

  signup: {
    method: "POST",
    url: "/api/auth/signup",
    schema: {
      summary: "Create an account",
      description:
        "Creates a user (never an admin) and signs them in. 5 per address per 10 minutes.",
      tags: ["Accounts"],
      body: signupBody,
      response: {
        201: sessionResponse,
        ...errorResponses(400, 409),
        409: errorFor("An account with this e-mail (in any case) exists."),
      },
    },
  },

  login: {
    method: "POST",
    url: "/api/auth/login",
    schema: {
      summary: "Log in",
      description:
        "A wrong password, an unknown account and a throttled attempt get the same 401, body " +
        "and timing. Failures are counted per account and address: after 5, each further " +
        "attempt from that address waits longer (up to 15 minutes), while the owner can still " +
        "log in from anywhere else. 20 per address per 10 minutes.",
      tags: ["Accounts"],
      body: loginBody,
      response: {
        200: sessionResponse,
        ...errorResponses(400, 401),
        401: errorFor('"Incorrect Username or Password!"'),
      },
    },
  },

  verifyLogin: {
    method: "POST",
    url: "/api/auth/verify-login",
    schema: {
      summary: "Check an access token",
      description: "200 when the x-access-token is valid and belongs to `userID`.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: sessionCheckBody,
      response: { 200: messageResponse("The session is valid."), ...errorResponses(400, 401) },
    },
  },

  refresh: {
    method: "POST",
    url: "/api/auth/refresh",
    schema: {
      summary: "Rotate a refresh token",
      description:
        "Trades `refresh` for a new access token and refresh token. A refresh token presented " +
        "twice revokes its whole session (except the same token within 10 seconds while its " +
        "successor is unused: a second tab). Expires after 7 days idle or 30 days.",
      tags: ["Accounts"],
      body: sessionCheckBody,
      response: { 200: refreshResponse, ...errorResponses(400, 401) },
    },
  },

  logout: {
    method: "POST",
    url: "/api/auth/logout",
    schema: {
      summary: "Log out",
      description:
        "Revokes the refresh token's session. 200 for any token, known or not; a body whose " +
        "`refresh` is not text is a 400.",
      tags: ["Accounts"],
      body: logoutBody,
      response: { 200: messageResponse("Logged out."), ...errorResponses(400) },
    },
  },

  admin: {
    method: "POST",
    url: "/api/auth/admin",
    schema: {
      summary: "Admin check",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: emptyBody,
      response: { 200: adminResponse, ...errorResponses(400, 401) },
    },
  },

  newLeads: {
    method: "GET",
    url: "/api/leads/new",
    schema: {
      summary: "New Leads",
      description: `UNREAD leads, newest first. ${listDescription}`,
      tags: ["Leads"],
      security: tokenSecurity,
      querystring: leadListQuery,
      response: { 200: leadList, ...errorResponses(400, 401, 403) },
    },
  },

  oldLeads: {
    method: "GET",
    url: "/api/leads/old",
    schema: {
      summary: "Follow Up With",
      description: `Every lead but UNREAD ones, most recently updated first. ${listDescription}`,
      tags: ["Leads"],
      security: tokenSecurity,
      querystring: leadListQuery,
      response: { 200: leadList, ...errorResponses(400, 401, 403) },
    },
  },

  dueLeads: {
    method: "GET",
    url: "/api/leads/due",
    schema: {
      summary: "Due follow-ups",
      description:
        "Admins only. Leads whose next follow-up is today or overdue in the owner's time zone " +
        "(TIMEZONE), oldest date first. Keyset paging like the lists: `limit` and the `cursor` " +
        "of the previous page's `Link: <…>; rel=\"next\"` header; the first page's " +
        "`X-Total-Count` says how many are due in all.",
      tags: ["Leads"],
      security: tokenSecurity,
      querystring: pagedListQuery,
      response: { 200: leadList, ...errorResponses(400, 401, 403) },
    },
  },

  leadChanges: {
    method: "GET",
    url: "/api/leads/changes",
    schema: {
      summary: "What changed since",
      description:
        "Admins only. The tracker's live updates: leads created or changed since `since`, " +
        "which of them match the search and filters sent, the IDs that left the lists, and " +
        "each list's count now. Asked every 15 seconds by an open tracker (ADR 021).",
      tags: ["Leads"],
      security: tokenSecurity,
      querystring: leadChangesQuery,
      response: { 200: liveChanges, ...errorResponses(400, 401, 403) },
    },
  },

  lead: {
    method: "GET",
    url: "/api/leads/:id",
    schema: {
      summary: "One lead",
      description: "Admins only. The lead as stored now (a link in the new-lead e-mail opens it).",
      tags: ["Leads"],
      security: tokenSecurity,
      params: leadIdParams,
      response: { 200: leadRecord, ...errorResponses(400, 401, 403, 404) },
    },
  },

  settings: {
    method: "GET",
    url: "/api/settings",
    schema: {
      summary: "The owner's clock",
      description:
        "Admins only. The time zone that decides what is due and how dates are shown, today's date in it, and the digest's hour.",
      tags: ["Leads"],
      security: tokenSecurity,
      response: { 200: adminSettings, ...errorResponses(401, 403) },
    },
  },

  exportLeads: {
    method: "GET",
    url: "/api/leads/export.csv",
    schema: {
      summary: "Export leads as CSV",
      description:
        "Admins only. The search and filters of the lists, and `list` (new, old or all), as " +
        "RFC 4180 CSV with a UTF-8 BOM, streamed. Cells that a spreadsheet would run as a " +
        "formula (= + - @, tab, CR) start with an apostrophe.",
      tags: ["Leads"],
      security: tokenSecurity,
      querystring: leadExportQuery,
      response: {
        200: {
          description: "The leads, one row each, under a header row.",
          content: { "text/csv": { schema: z.string() } },
        },
        ...errorResponses(401, 403),
      },
    },
  },

  stats: {
    method: "GET",
    url: "/api/leads/stats",
    schema: {
      summary: "Dashboard numbers",
      tags: ["Leads"],
      security: tokenSecurity,
      response: { 200: leadStats, ...errorResponses(401, 403) },
    },
  },

  updateLead: {
    method: "POST",
    url: "/api/leads/update/:id",
    schema: {
      summary: "Update a lead",
      description:
        "Admins only. Sets CommStatus, LeadStatus, Notes and NextFollowUp (fields left out stay " +
        "as they are; NextFollowUp: null clears the date) and records each change in the " +
        "lead's history. With `UpdatedAt`, the write happens only if the lead is still that version.",
      tags: ["Leads"],
      security: tokenSecurity,
      params: leadIdParams,
      body: leadUpdateBody,
      response: {
        200: leadSaved,
        ...errorResponses(400, 401, 403, 404),
        409: leadConflict,
      },
    },
  },

  bulkUpdate: {
    method: "POST",
    url: "/api/leads/bulk-update",
    schema: {
      summary: "Update many leads",
      description:
        "Admins only. Sets CommStatus, LeadStatus and/or NextFollowUp on up to 500 leads in " +
        "one transaction, with a history entry for each change. A lead sent as " +
        "`{ ID, UpdatedAt }` that changed since is left alone and returned under `conflicts`. " +
        "If any ID is unknown, nothing is changed (404, with the unknown IDs).",
      tags: ["Leads"],
      security: tokenSecurity,
      body: bulkUpdateBody,
      response: { 200: bulkUpdated, ...errorResponses(400, 401, 403), 404: bulkUnknown },
    },
  },

  bulkSpam: {
    method: "POST",
    url: "/api/leads/bulk-spam",
    schema: {
      summary: "Move many leads to Spam",
      description:
        "Admins only. Moves up to 500 leads to Spam in one transaction, each kept whole so " +
        "Not spam brings it back as it was. IDs already gone are listed under `missing`.",
      tags: ["Spam"],
      security: tokenSecurity,
      body: leadIdsBody,
      response: { 200: movedToSpam, ...errorResponses(400, 401, 403) },
    },
  },

  bulkNotSpam: {
    method: "POST",
    url: "/api/leads/bulk-not-spam",
    schema: {
      summary: "Bring many leads back from Spam",
      description:
        "Admins only. Not spam for up to 500 leads in one transaction (the Undo of a move to " +
        "Spam). IDs no longer in Spam are listed under `missing`.",
      tags: ["Spam"],
      security: tokenSecurity,
      body: leadIdsBody,
      response: { 200: backFromSpam, ...errorResponses(400, 401, 403) },
    },
  },

  bulkErase: {
    method: "POST",
    url: "/api/leads/bulk-erase",
    schema: {
      summary: "Erase many leads",
      description:
        "Admins only. Erases up to 500 leads or spam submissions for good, in one transaction, " +
        "as DELETE /api/leads/{id} does one. IDs already gone are listed under `missing`.",
      tags: ["Leads"],
      security: tokenSecurity,
      body: leadIdsBody,
      response: { 200: erasedLeads, ...errorResponses(400, 401, 403) },
    },
  },

  eraseLead: {
    method: "DELETE",
    url: "/api/leads/:id",
    schema: {
      summary: "Erase a lead",
      description:
        "Admins only. Deletes the lead (or the spam submission) for good: its row, history, " +
        "search index entry and pending e-mails, in one transaction. An audit entry records " +
        "that a lead was erased, by whom and when, and nothing about the person.",
      tags: ["Leads"],
      security: tokenSecurity,
      params: leadIdParams,
      response: {
        200: z
          .object({
            message: z.string(),
            diskPending: z.optional(
              z
                .boolean()
                .check(
                  z.describe(
                    "True while another program reads the SQLite file (a backup): the erased data leaves the disk in the background, soon after.",
                  ),
                ),
            ),
          })
          .check(z.describe("Erased.")),
        ...errorResponses(400, 401, 403, 404),
      },
    },
  },

  spamLeads: {
    method: "GET",
    url: "/api/leads/spam",
    schema: {
      summary: "Spam",
      description:
        "Admins only. Submissions kept as spam, newest first, each with its `SpamReason`; " +
        "deleted 30 days after they were judged spam. Paged like the lists.",
      tags: ["Spam"],
      security: tokenSecurity,
      querystring: pagedListQuery,
      response: { 200: spamList, ...errorResponses(400, 401, 403) },
    },
  },

  notSpam: {
    method: "POST",
    url: "/api/leads/:id/not-spam",
    schema: {
      summary: "Not spam",
      description:
        "Admins only. Brings a lead back from Spam. One the owner marked as spam returns as " +
        "it was: its statuses, notes, follow-up date and history. One judged spam on arrival " +
        "becomes an UNREAD, WARM lead in New Leads and its notification e-mail is queued, " +
        "like a lead that had arrived normally.",
      tags: ["Spam"],
      security: tokenSecurity,
      params: leadIdParams,
      body: emptyBody,
      response: {
        200: leadSaved,
        ...errorResponses(400, 401, 403, 404),
      },
    },
  },

  markSpam: {
    method: "POST",
    url: "/api/leads/:id/spam",
    schema: {
      summary: "Mark as spam",
      description:
        "Admins only. Moves a lead to Spam, kept whole (statuses, notes, follow-up date, " +
        "history) for 30 days; repeats of its message are then kept as spam too. Not spam " +
        "brings it back as it was.",
      tags: ["Spam"],
      security: tokenSecurity,
      params: leadIdParams,
      body: emptyBody,
      response: {
        200: z.object({ message: z.string(), lead: spamLead }),
        ...errorResponses(400, 401, 403, 404),
      },
    },
  },

  ...bookingEndpoints,
  ...conversationEndpoints,
  ...eventEndpoints,

  insights: {
    method: "GET",
    url: "/api/insights",
    schema: {
      summary: "Insights",
      description:
        "Admins only. Visitors and page views per day (counted without cookies), top pages, " +
        "and for each entry page and source: visitors, leads, conversion rate, calls booked, " +
        "won count and value; pipeline totals. Dates in the owner's zone; the last 30 days " +
        "by default, at most 366.",
      tags: ["Insights"],
      security: tokenSecurity,
      querystring: insightsQuery,
      response: { 200: insights, ...errorResponses(400, 401, 403) },
    },
  },

  pipeline: {
    method: "GET",
    url: "/api/pipeline",
    schema: {
      summary: "The pipeline board",
      description:
        "Admins only. One column per LeadStatus (Hot, Warm, Cold, Converted, Abandoned) with its " +
        "count, total value and cards, most recently changed first. Search (`q`) and `source` " +
        "apply; the closed columns hold the leads closed in the last `closedDays` (90).",
      tags: ["Leads"],
      security: tokenSecurity,
      querystring: pipelineQuery,
      response: { 200: pipelineBoard, ...errorResponses(400, 401, 403) },
    },
  },

  leadHistory: {
    method: "GET",
    url: "/api/leads/:id/history",
    schema: {
      summary: "A lead's history",
      tags: ["Leads"],
      security: tokenSecurity,
      params: leadIdParams,
      response: { 200: leadHistory, ...errorResponses(400, 401, 403, 404) },
    },
  },
} as const satisfies Record<string, Endpoint>;

/** An endpoint's path with its `:params` filled in (encoded). */
export function endpointPath(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
}
