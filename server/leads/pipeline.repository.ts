import { closedLeadStatuses, type LeadStatus } from "../../domain/lead-record.ts";
import {
  cardsPerColumn,
  type PipelineCard,
  type PipelineColumn,
  pipelineColumns,
} from "../../domain/pipeline.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { matchingLeads } from "./lead-lists.repository.ts";
import { storedValue } from "./lead-record.ts";

/** All SQL for the pipeline board. */

const isClosed = (status: LeadStatus) => (closedLeadStatuses as readonly string[]).includes(status);

/**
 * The board's columns for a search and source: each status's count and total value (a closed
 * status only for leads closed since `closedSince`), and its cards, most recently changed
 * first (at most `cardsPerColumn`). One grouped count for the totals, one query a column.
 */
export async function pipelineBoard(
  db: Db,
  {
    filters,
    closedSince,
  }: { filters: { q?: string; source?: string; assigned?: string }; closedSince: Date },
): Promise<PipelineColumn[]> {
  const since = closedSince.toISOString();
  const inWindow = (status: LeadStatus) => {
    const query = matchingLeads(db, filters).where("lead_status", "=", status);
    return isClosed(status) ? query.where("closed_at", ">=", since) : query;
  };
  return Promise.all(
    pipelineColumns.map(async (status): Promise<PipelineColumn> => {
      const [totals, rows] = await Promise.all([
        inWindow(status)
          .clearSelect()
          .select((eb) => [
            eb.fn.countAll<number | string>().as("n"),
            eb.fn.sum<number | string | null>("value").as("total"),
          ])
          .executeTakeFirstOrThrow(),
        inWindow(status)
          .clearSelect()
          .select([
            "id",
            "first_name",
            "last_name",
            "email",
            "lead_status",
            "comm_status",
            "value",
            "source",
            "next_follow_up",
            "created_at",
            "updated_at",
            "closed_at",
            "assigned_to",
          ])
          .orderBy(isClosed(status) ? "closed_at" : "updated_at", "desc")
          .orderBy("id", "desc")
          .limit(cardsPerColumn)
          .execute(),
      ]);
      return {
        LeadStatus: status,
        count: Number(totals.n),
        value: Number(totals.total ?? 0),
        cards: rows.map(
          (row): PipelineCard => ({
            ID: row.id,
            FirstName: row.first_name,
            LastName: row.last_name,
            Email: row.email,
            LeadStatus: row.lead_status as LeadStatus,
            CommStatus: row.comm_status,
            Value: storedValue(row.value),
            Source: row.source ?? null,
            NextFollowUp: row.next_follow_up ?? null,
            CreatedAt: toIso(row.created_at),
            UpdatedAt: toIso(row.updated_at),
            ClosedAt: row.closed_at ? toIso(row.closed_at) : null,
            AssignedTo: row.assigned_to ?? null,
          }),
        ),
      };
    }),
  );
}
