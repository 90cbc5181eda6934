import * as z from "zod/mini";
import { addDays, type CalendarDate, isCalendarDate } from "./dates.ts";
import { leadStatuses } from "./lead-record.ts";

/**
 * Insights (`/admin/insights`, `GET /api/insights`, docs/insights.md): visits counted without cookies
 * joined to the leads they became and the work they won, by day, page, entry page and source.
 */

export const insightsTexts = Object.freeze({
  badDate: "Dates are YYYY-MM-DD, in the owner's time zone.",
  badRange: "The range ends before it starts.",
  tooLong: "Ask for at most 366 days at a time.",
});

/** The default range: the last 30 days, today included. */
export const defaultInsightDays = 30;
export const maxInsightDays = 366;

const day = (description: string) =>
  z.optional(
    z
      .string({ error: insightsTexts.badDate })
      .check(z.refine(isCalendarDate, { error: insightsTexts.badDate }), z.describe(description)),
  );

export const insightsQuery = z.object({
  from: day("First day, YYYY-MM-DD in the owner's zone (default 29 days before `to`)."),
  to: day("Last day, YYYY-MM-DD in the owner's zone (default today)."),
});

/** The days asked for, or what is wrong with them. */
export function insightsRange(
  query: { from?: string | undefined; to?: string | undefined },
  today: CalendarDate,
): { from: CalendarDate; to: CalendarDate } | { error: string } {
  const to =
    query.to ??
    (query.from ? [addDays(query.from, defaultInsightDays - 1), today].sort()[0] : today) ??
    today;
  const from = query.from ?? addDays(to, -(defaultInsightDays - 1));
  if (from > to) return { error: insightsTexts.badRange };
  if (addDays(from, maxInsightDays - 1) < to) return { error: insightsTexts.tooLong };
  return { from, to };
}

const rate = z
  .nullable(z.number())
  .check(z.describe("Leads ÷ visitors (0 to 1, four decimals); null without visitors."));

const attribution = {
  visitors: z.number(),
  leads: z.number(),
  conversionRate: rate,
  meetings: z.number().check(z.describe("Calls booked by those leads.")),
  won: z.number().check(z.describe("Those leads now CONVERTED.")),
  wonValue: z.number().check(z.describe("Their total value, in `currency`.")),
};

export const insights = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    currency: z.string(),
    visitors: z.number().check(z.describe("Visitors, each counted once a day.")),
    pageviews: z.number(),
    leads: z.number().check(z.describe("Leads that arrived in the range.")),
    conversionRate: rate,
    days: z.array(
      z.object({
        date: z.string(),
        visitors: z.number(),
        pageviews: z.number(),
        leads: z.number(),
      }),
    ),
    pages: z.array(z.object({ path: z.string(), pageviews: z.number() })),
    entryPages: z.array(z.object({ path: z.string(), ...attribution })),
    sources: z.array(z.object({ source: z.string(), ...attribution })),
    pipeline: z.array(
      z.object({ LeadStatus: z.enum(leadStatuses), count: z.number(), value: z.number() }),
    ),
  })
  .register(z.globalRegistry, { id: "Insights", description: "Visits, leads and won work." });
export type Insights = z.output<typeof insights>;

/** Leads ÷ visitors to four decimals; none without visitors. */
export const conversionRate = (leads: number, visitors: number) =>
  visitors > 0 ? Math.round((leads / visitors) * 10_000) / 10_000 : null;
