import * as z from "zod/mini";
import { adminSettings } from "./admin-settings.ts";
import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { bulkUnknown, bulkUpdateBody, bulkUpdated } from "./lead-bulk.ts";
import { leadChangesQuery, liveChanges } from "./lead-changes.ts";
import { leadExportQuery, leadList, leadListQuery } from "./lead-filters.ts";
import { leadNotFound } from "./lead-merge.ts";
import { erasedLeads, leadIdsBody } from "./lead-moves.ts";
import { leadHistory, leadIdParams, leadRecord } from "./lead-record.ts";
import { leadStats } from "./lead-stats.ts";
import { leadConflict, leadSaved, leadUpdateBody } from "./lead-update.ts";
import { pagedListQuery } from "./paging.ts";
import { pipelineBoard, pipelineQuery } from "./pipeline.ts";

/**
 * The admin's lead tracker (docs/tracker.md): the lists, one lead, its updates and history,
 * erasure, export, the dashboard and the pipeline, spread into `endpoints` (domain/endpoints.ts).
 */

const listDescription =
  "Admins only. Keyset paging: `limit` (default 50, at most 200) and the `cursor` of the " +
  'previous page\'s `Link: <…>; rel="next"` header. Search (`q`: every word in the name, ' +
  "e-mail or message, case-insensitive) and filters (`comm`, `lead`) ignore unknown values. " +
  "The first page (no `cursor`) says in `X-Total-Count` how many leads the list has in all.";

export const leadEndpoints = {
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
      response: { 200: leadRecord, ...errorResponses(400, 401, 403), 404: leadNotFound },
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
