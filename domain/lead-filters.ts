import * as z from "zod/mini";
import {
  type CommStatus,
  commStatuses,
  isUuid,
  type LeadStatus,
  leadRecord,
  leadStatuses,
} from "./lead-record.ts";
import { sourceFilterOf } from "./lead-source.ts";
import { pageQuery } from "./paging.ts";

/**
 * The tracker's search and filters, in one place: the query parameters (the same in the page's
 * URL and the API's query string), the one function that reads them, and the URL form. The
 * admin page, the lead routes and the CSV export all go through here.
 */

/** Which follow-ups a list shows: overdue (before today), due today, or due within a week. */
export const dueFilters = ["overdue", "today", "week"] as const;
export type DueFilter = (typeof dueFilters)[number];

/** Search and filters as the lists apply them: trimmed, bounded, absent when empty. */
export type LeadFilters = {
  /** Words to find in the name, e-mail or message (case-insensitive). */
  readonly q?: string;
  readonly comm?: CommStatus;
  readonly lead?: LeadStatus;
  readonly due?: DueFilter;
  /** Where the lead came from: its Source label. */
  readonly source?: string;
  /** Only leads still in play: not RESOLVED or DEAD, not CONVERTED or ABANDONED. */
  readonly active?: boolean;
  /** Only leads whose visitor wrote back and the owner has not read it. */
  readonly reply?: "unread";
  /**
   * Whose leads: "me" (the caller's; the server puts their ID in its place), "none" (no one's)
   * or a team member's ID.
   */
  readonly assigned?: string;
};

/**
 * What "Active only" leaves out: conversations that are over, and leads that are decided
 * (closedLeadStatuses, in lead-record.ts).
 */
export const closedCommStatuses = ["RESOLVED", "DEAD"] as const satisfies readonly CommStatus[];

export const searchMaxLength = 200;

/** A yes/no query parameter: "1" or "true" is yes; anything else, no. */
export const isOn = (value: string | null | undefined) => value === "1" || value === "true";

/**
 * The filters' query parameters. A filter never refuses a request: an unknown, empty or
 * repeated value is ignored, like an absent one.
 */
export const leadFilterQuery = {
  q: z.optional(
    z.catch(
      z.string().check(z.describe("Words that must all appear in the name, e-mail or message.")),
      "",
    ),
  ),
  comm: z.catch(z.optional(z.enum(commStatuses)), undefined),
  lead: z.catch(z.optional(z.enum(leadStatuses)), undefined),
  due: z.catch(
    z.optional(
      z
        .enum(dueFilters)
        .check(
          z.describe(
            "Follow-ups: overdue (before today), today, or week (today and the six days after), in the owner's time zone.",
          ),
        ),
    ),
    undefined,
  ),
  source: z.optional(
    z.catch(
      z
        .string()
        .check(
          z.describe(
            'A lead source label (the lead\'s `Source`, e.g. "google" or "direct"); a site\'s host (google.com) finds the leads of its name.',
          ),
        ),
      "",
    ),
  ),
  reply: z.catch(
    z.optional(
      z
        .enum(["unread"])
        .check(z.describe("unread: only leads with an e-mail reply the owner has not read.")),
    ),
    undefined,
  ),
  assigned: z.optional(
    z.catch(
      z
        .string()
        .check(
          z.describe(
            'Whose leads: "me" (the caller\'s), "none" (no one\'s) or a team member\'s ID.',
          ),
        ),
      "",
    ),
  ),
  active: z.optional(
    z.catch(
      z
        .string()
        .check(
          z.describe(
            "1 or true: only leads still in play (not RESOLVED or DEAD, not CONVERTED or ABANDONED).",
          ),
        ),
      "",
    ),
  ),
};

const filterQuery = z.object(leadFilterQuery);
export type LeadFilterQuery = z.output<typeof filterQuery>;

/** "me", "none" or a user ID (lowercased); anything else is no filter. */
const assignedFilterOf = (value: string | undefined): string | undefined => {
  const trimmed = (value ?? "").trim().toLowerCase();
  return trimmed === "me" || trimmed === "none" || isUuid(trimmed) ? trimmed : undefined;
};

/** The filters a query asks for (the one reader of filters): trimmed, cut, empty ones dropped. */
export function leadFiltersOf(query: LeadFilterQuery): LeadFilters {
  const q = (query.q ?? "").trim().slice(0, searchMaxLength);
  const source = sourceFilterOf(query.source);
  const assigned = assignedFilterOf(query.assigned);
  return {
    ...(q ? { q } : {}),
    ...(query.comm ? { comm: query.comm } : {}),
    ...(query.lead ? { lead: query.lead } : {}),
    ...(query.due ? { due: query.due } : {}),
    ...(source ? { source } : {}),
    ...(isOn(query.active) ? { active: true } : {}),
    ...(query.reply ? { reply: query.reply } : {}),
    ...(assigned ? { assigned } : {}),
  };
}

/** The filters as the server applies them for one caller: "me" becomes their ID. */
export const filtersFor = (filters: LeadFilters, userId: string | null): LeadFilters =>
  filters.assigned === "me" ? { ...filters, assigned: userId ?? "none" } : filters;

/** The filters of a URL's query string (the page's own address); the first of repeated values. */
export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  const first: Record<string, string> = {};
  for (const [name, value] of params) first[name] ??= value;
  return leadFiltersOf(z.parse(filterQuery, first));
}

/**
 * The filters as a query string, the URL's and the API's. `withActive: false` leaves out
 * "Active only", which is Follow Up With's alone (New Leads are all still in play).
 */
export function leadFiltersSearch(filters: LeadFilters, { withActive = true } = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.comm) params.set("comm", filters.comm);
  if (filters.lead) params.set("lead", filters.lead);
  if (filters.due) params.set("due", filters.due);
  if (filters.source) params.set("source", filters.source);
  if (filters.reply) params.set("reply", filters.reply);
  if (filters.assigned) params.set("assigned", filters.assigned);
  if (filters.active && withActive) params.set("active", "1");
  return params.toString();
}

/** `GET /api/leads/new` and `/old`: the filters and a page. */
export const leadListQuery = z.object({ ...leadFilterQuery, ...pageQuery });

export const leadList = z
  .array(leadRecord)
  .check(
    z.describe(
      'One page of leads. While more remain, a `Link: <…>; rel="next"` header gives the next page.',
    ),
  );

/** `GET /api/leads/export.csv`: the filters, and which list (both by default). */
export const leadExportQuery = z.object({
  ...leadFilterQuery,
  list: z.optional(z.catch(z.enum(["new", "old", "all"]), "all")),
});
