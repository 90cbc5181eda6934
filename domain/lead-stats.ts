import * as z from "zod/mini";
import { type LeadStatus, leadStatuses } from "./lead-record.ts";

/**
 * The dashboard's numbers (`GET /api/leads/stats`): counts, weeks, speed to lead, sources, top
 * pages.
 */

const statusCounts = z.object(
  Object.fromEntries(leadStatuses.map((status) => [status, z.number()])) as Record<
    LeadStatus,
    z.ZodMiniNumber
  >,
);

export const leadWeek = z.object({
  start: z.string().check(z.describe("Monday of the week, YYYY-MM-DD, in the owner's time zone.")),
  counts: statusCounts,
});
export type LeadWeek = z.output<typeof leadWeek>;

/** The dashboard's numbers (GET /api/leads/stats). */
export const leadStats = z
  .object({
    newLeads: z.number(),
    followingUp: z.number(),
    convertedThisMonth: z.number(),
    weeks: z
      .array(leadWeek)
      .check(z.describe("Leads received per week, oldest first, by current lead status.")),
    // Added with follow-ups (ADR 012): optional, so a client reads an older answer too.
    overdue: z.optional(z.number().check(z.describe("Follow-ups whose day has passed."))),
    dueToday: z.optional(z.number()),
    unreadReplies: z.optional(
      z
        .number()
        .check(z.describe("Leads with an e-mail reply from the visitor the owner has not read.")),
    ),
    waitingOver24h: z.optional(
      z.number().check(z.describe("Unread leads that arrived over 24 hours ago.")),
    ),
    firstReply: z.optional(
      z
        .object({
          days: z.number(),
          arrived: z.optional(
            z.number().check(z.describe("Leads that arrived in those days, answered or not.")),
          ),
          leads: z.number().check(z.describe("Of those, the leads that have had a reply.")),
          medianMinutes: z.nullable(z.number()),
          p90Minutes: z.nullable(z.number()),
        })
        .check(
          z.describe(
            "Speed to lead: time from arrival to the first change away from UNREAD, for the leads of the last `days` days that have had one.",
          ),
        ),
    ),
    sources: z.optional(
      z
        .array(
          z.object({
            source: z
              .nullable(z.string())
              .check(z.describe("The Source label; null for leads from before it was recorded.")),
            leads: z.number(),
          }),
        )
        .check(z.describe("Leads of the last 30 days by source, most first (at most 10).")),
    ),
    // Added later (docs/tracker.md): optional, so a client reads an older answer too.
    topPages: z.optional(
      z
        .array(
          z.object({
            page: z.string().check(z.describe("The site's path the lead's form was sent from.")),
            leads: z.number(),
          }),
        )
        .check(
          z.describe(
            "Leads of the last 30 days by the page that brought them (SourcePage), most first (at most 10). Leads whose page is not known are left out.",
          ),
        ),
    ),
    timeZone: z.optional(
      z.string().check(z.describe("The owner's time zone: months and weeks start there.")),
    ),
    today: z.optional(z.string().check(z.describe("Today's date in that zone (YYYY-MM-DD)."))),
    erasuresPendingOnDisk: z.optional(
      z
        .number()
        .check(
          z.describe(
            "Erased leads whose removal from the database file is still pending (SQLite, while another program reads it); 0 when none.",
          ),
        ),
    ),
  })
  .register(z.globalRegistry, { id: "LeadStats", description: "The dashboard's numbers." });
export type LeadStats = z.output<typeof leadStats>;
