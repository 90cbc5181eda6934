import { type Insertable, PostgresAdapter } from "kysely";
import type { StoredLead } from "../../domain/lead-record.ts";
import type { LeadChanges } from "../../domain/lead-update.ts";
import type { Db } from "../db/connect.ts";
import type { LeadEventsTable } from "../db/schema.ts";
import { enqueueWebhookEvents, leadChangeEvents } from "../webhooks/webhooks.repository.ts";
import { enqueueAssignmentEmail } from "./lead-assignment.ts";
import { toLeadRecord } from "./lead-record.ts";
import {
  type Actor,
  assigneeEmails,
  closedAtAfter,
  historyEvents,
} from "./lead-updates.repository.ts";

/** All SQL for changing many leads at once (bulk updates). */

export type BulkTarget = { readonly id: string; readonly basedOn?: string | undefined };

export type BulkResult =
  | { kind: "updated"; updated: StoredLead[]; conflicts: StoredLead[] }
  | { kind: "unknown"; ids: string[] }
  /** AssignedTo names no owner or member of the team: nothing was changed. */
  | { kind: "bad-assignee" };

/** SQLite allows 32,766 parameters a statement, PostgreSQL 65,535: stay well inside both. */
const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

/**
 * Applies the same changes to many leads in one transaction: all of them or, if any ID is
 * unknown, none. A lead sent with the UpdatedAt it was loaded at and changed since is left as
 * it is and returned among the conflicts. Each changed field gets its history entry, exactly
 * as a single save would write it.
 *
 * PostgreSQL locks the rows as it reads them (in ID order, so two bulk updates over the same
 * leads cannot deadlock); SQLite's write transaction already excludes every other writer.
 */
export async function bulkUpdateLeads(
  db: Db,
  targets: readonly BulkTarget[],
  changes: LeadChanges,
  actor: Actor,
  now = new Date(),
): Promise<BulkResult> {
  const basedOn = new Map<string, string | undefined>();
  for (const target of targets) basedOn.set(target.id, target.basedOn ?? basedOn.get(target.id));
  const ids = [...basedOn.keys()].sort();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return db.transaction().execute(async (trx) => {
    const rows = [];
    for (const part of chunk(ids, 1000)) {
      const query = trx.selectFrom("leads").selectAll().where("id", "in", part).orderBy("id");
      rows.push(...(await (postgres ? query.forUpdate() : query).execute()));
    }
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((row) => row.id));
      return { kind: "unknown", ids: ids.filter((id) => !found.has(id)) } as const;
    }

    const emails = await assigneeEmails(
      trx,
      changes.AssignedTo,
      rows.map((row) => row.assigned_to),
    );
    if (!emails) return { kind: "bad-assignee" } as const;
    const updated: StoredLead[] = [];
    const conflicts: StoredLead[] = [];
    /** The leads that became someone's by this save, for their one e-mail. */
    const given: string[] = [];
    const events: Array<Insertable<LeadEventsTable>> = [];
    /** What the webhooks are told (docs/integrations.md). */
    const told: Parameters<typeof enqueueWebhookEvents>[1][number][] = [];
    /**
     * The leads to write, by the UpdatedAt and ClosedAt they get (almost always one group:
     * `now`, and the same outcome for all).
     */
    const byVersion = new Map<string, { at: string; closedAt: string | null; ids: string[] }>();
    for (const row of rows) {
      const current = toLeadRecord(row);
      const version = basedOn.get(current.ID);
      if (version && version !== current.UpdatedAt) {
        conflicts.push(current);
        continue;
      }
      // Strictly after the version it replaces, as a single save does.
      const at = new Date(Math.max(now.getTime(), Date.parse(current.UpdatedAt) + 1)).toISOString();
      const next = { ...current, ...changes };
      const closedAt = closedAtAfter(current, next, at);
      const lead: StoredLead = { ...next, ClosedAt: closedAt, UpdatedAt: at };
      const changed = historyEvents(current, lead, changes, actor, now, events.length, emails);
      // A lead that already has every value is left alone: no new version, no history.
      if (changed.length === 0) {
        updated.push(current);
        continue;
      }
      updated.push(lead);
      told.push(...leadChangeEvents(current, lead));
      events.push(...changed);
      if (changes.AssignedTo && current.AssignedTo !== changes.AssignedTo) given.push(lead.ID);
      const key = `${at}|${closedAt ?? ""}`;
      const group = byVersion.get(key) ?? { at, closedAt, ids: [] };
      group.ids.push(lead.ID);
      byVersion.set(key, group);
    }

    for (const { at, closedAt, ids } of byVersion.values()) {
      for (const part of chunk(ids, 1000)) {
        await trx
          .updateTable("leads")
          .set({
            ...(changes.CommStatus !== undefined ? { comm_status: changes.CommStatus } : {}),
            ...(changes.LeadStatus !== undefined ? { lead_status: changes.LeadStatus } : {}),
            ...(changes.NextFollowUp !== undefined ? { next_follow_up: changes.NextFollowUp } : {}),
            ...(changes.Value !== undefined ? { value: changes.Value } : {}),
            ...(changes.AssignedTo !== undefined ? { assigned_to: changes.AssignedTo } : {}),
            closed_at: closedAt,
            updated_at: at,
          })
          .where("id", "in", part)
          .execute();
      }
    }
    // Nine values an event: 500 leads × 3 fields stay far below either engine's limit.
    for (const part of chunk(events, 500))
      await trx.insertInto("lead_events").values(part).execute();
    await enqueueWebhookEvents(trx, told, now);
    // The new owner hears of it once, unless they did it themselves.
    if (changes.AssignedTo && changes.AssignedTo !== actor.id && given.length)
      await enqueueAssignmentEmail(trx, {
        leadIds: given,
        userId: changes.AssignedTo,
        by: actor.id,
        now,
      });
    return { kind: "updated", updated, conflicts } as const;
  });
}
