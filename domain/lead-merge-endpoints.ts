import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { leadDuplicates, leadMerged, leadNotFound, mergeBody } from "./lead-merge.ts";
import { leadIdParams } from "./lead-record.ts";
import { leadConflict } from "./lead-update.ts";

/** Duplicate leads and merging them (docs/decisions/041-merging-leads.md). */
export const leadMergeEndpoints = {
  leadDuplicates: {
    method: "GET",
    url: "/api/leads/:id/duplicates",
    schema: {
      summary: "A lead's possible duplicates",
      description:
        "Admins only. Other leads with the same e-mail (whatever its case), or the same first and last name and a call booked with the same phone number, each with why.",
      tags: ["Leads"],
      security: tokenSecurity,
      params: leadIdParams,
      response: { 200: leadDuplicates, ...errorResponses(400, 401, 403), 404: leadNotFound },
    },
  },

  mergeLead: {
    method: "POST",
    url: "/api/leads/:id/merge",
    schema: {
      summary: "Merge a lead into this one",
      description:
        "Admins only. Moves everything of the lead `from` (messages, meetings, registrations, history, pending e-mails) to this lead, in one transaction: empty fields are filled from it, notes joined, the earlier CreatedAt and follow-up kept, each status the later-updated lead's unless `keep` says. The other ID answers 404 afterwards, with `mergedInto`. With `UpdatedAt`, 409 if this lead changed since.",
      tags: ["Leads"],
      security: tokenSecurity,
      params: leadIdParams,
      body: mergeBody,
      response: {
        200: leadMerged,
        ...errorResponses(400, 401, 403, 404),
        409: leadConflict,
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
