import * as z from "zod/mini";
import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import { backFromSpam, leadIdsBody, movedToSpam } from "./lead-moves.ts";
import { leadIdParams } from "./lead-record.ts";
import { leadSaved } from "./lead-update.ts";
import { pagedListQuery } from "./paging.ts";
import { spamLead, spamList } from "./spam.ts";

/**
 * Spam kept for review, and leads moved there and back
 * (docs/decisions/013-triage-spam-source-erasure.md),
 * spread into `endpoints` (domain/endpoints.ts).
 */
export const spamEndpoints = {
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
} as const satisfies Record<string, Endpoint>;
