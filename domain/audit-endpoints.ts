import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { auditPage, auditQuery } from "./audit.ts";

/** The audit log (docs/team.md, "Audit log"), spread into `endpoints`. */
export const auditEndpoints = {
  audit: {
    method: "GET",
    url: "/api/audit",
    schema: {
      summary: "The audit log",
      description:
        "Owners only. Every change someone made (sign-ins and failed ones, invitations, roles, " +
        "removals, lead updates, bulk updates, exports, erasures, settings, publishing), newest " +
        "first: who, when, what, to what, and before and after where it is a value. Filter by " +
        "`actor` (an e-mail) and `action`; page with `limit` (default 50, at most 200) and the " +
        "previous page's `next` as `cursor`. No endpoint changes or deletes an entry; entries " +
        "are kept 400 days.",
      tags: ["Team"],
      security: tokenSecurity,
      querystring: auditQuery,
      response: { 200: auditPage, ...errorResponses(400, 401, 403) },
    },
  },
} as const satisfies Record<string, Endpoint>;
