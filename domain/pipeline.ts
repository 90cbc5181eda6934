import * as z from "zod/mini";
import { isoTimestamp } from "./api.ts";
import { leadFilterQuery, leadFiltersOf } from "./lead-filters.ts";
import { type LeadStatus, leadStatuses, leadStatusesInOrder } from "./lead-record.ts";
import { sourceFilterOf } from "./lead-source.ts";

/**
 * The pipeline board (`/admin/pipeline`, docs/insights.md): one column per LeadStatus, in the order a
 * deal moves (Hot, Warm, Cold, then the outcomes, Converted and Abandoned), each with its count
 * and total value, and a card per lead. Moving a card is the ordinary lead update.
 */

/** The board's columns, left to right. */
export const pipelineColumns = leadStatusesInOrder;

/** Closed columns show leads closed in the last this many days, unless asked for more. */
export const closedWindowDays = 90;
/** At most this many cards a column; the count and total still cover every lead. */
export const cardsPerColumn = 1000;

export const pipelineQuery = z.object({
  q: z.optional(
    z.catch(
      z.string().check(z.describe("Words that must all appear in the name, e-mail or message.")),
      "",
    ),
  ),
  source: z.optional(z.catch(z.string().check(z.describe("A lead source label.")), "")),
  assigned: leadFilterQuery.assigned,
  closedDays: z.optional(
    z.catch(
      z.coerce
        .number()
        .check(
          z.int(),
          z.gte(1),
          z.lte(3650),
          z.describe(
            `Closed columns: leads closed in the last N days (default ${closedWindowDays}).`,
          ),
        ),
      closedWindowDays,
    ),
  ),
});

/** The filters a board was asked for, as the lists read theirs. */
export function pipelineFiltersOf(query: z.output<typeof pipelineQuery>) {
  const q = (query.q ?? "").trim().slice(0, 200);
  const source = sourceFilterOf(query.source);
  const { assigned } = leadFiltersOf({ assigned: query.assigned });
  return {
    ...(q ? { q } : {}),
    ...(source ? { source } : {}),
    ...(assigned ? { assigned } : {}),
    closedDays: query.closedDays ?? closedWindowDays,
  };
}

/** A card: what the board shows of a lead, and what moving it needs (its UpdatedAt). */
export const pipelineCard = z.object({
  ID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  LeadStatus: z.enum(leadStatuses),
  CommStatus: z.string(),
  Value: z.nullable(z.number()),
  Source: z.nullable(z.string()),
  NextFollowUp: z.nullable(z.string()),
  CreatedAt: isoTimestamp,
  UpdatedAt: isoTimestamp,
  ClosedAt: z.nullable(isoTimestamp),
  AssignedTo: z.optional(z.nullable(z.string())),
});
export type PipelineCard = z.output<typeof pipelineCard>;

export const pipelineColumn = z.object({
  LeadStatus: z.enum(leadStatuses),
  count: z.number().check(z.describe("Leads in the column (for a closed one, in its window).")),
  value: z.number().check(z.describe("Their total value (leads without one count as 0).")),
  cards: z.array(pipelineCard).check(z.describe("Most recently changed first.")),
});
export type PipelineColumn = z.output<typeof pipelineColumn>;

export const pipelineBoard = z
  .object({
    currency: z.string(),
    staleDays: z.number(),
    closedDays: z.number(),
    columns: z.array(pipelineColumn),
  })
  .register(z.globalRegistry, { id: "PipelineBoard", description: "The pipeline board." });
export type PipelineBoard = z.output<typeof pipelineBoard>;

/** An open lead nobody has touched for `staleDays`: worth a look before it goes cold. */
export const isStale = (card: PipelineCard, now: Date, staleDays: number) =>
  card.LeadStatus !== "CONVERTED" &&
  card.LeadStatus !== "ABANDONED" &&
  now.getTime() - Date.parse(card.UpdatedAt) >= staleDays * 86_400_000;

export const columnTitle: Record<LeadStatus, string> = {
  HOT: "Hot",
  WARM: "Warm",
  COLD: "Cold",
  CONVERTED: "Won",
  ABANDONED: "Lost",
};
