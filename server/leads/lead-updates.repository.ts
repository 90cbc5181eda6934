import type { Insertable, Transaction } from "kysely";
import { isClosedStatus, type LeadEvent, type StoredLead } from "../../domain/lead-record.ts";
import type { LeadChanges, LeadUpdate } from "../../domain/lead-update.ts";
import type { Db } from "../db/connect.ts";
import { type Database, type LeadEventsTable, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueWebhookEvents, leadChangeEvents } from "../webhooks/webhooks.repository.ts";
import { emailsOf, enqueueAssignmentEmail, leadOwnerEmail } from "./lead-assignment.ts";
import { toLeadRecord } from "./lead-record.ts";

/** All SQL for changing a lead and reading back its history. */

export type LeadUpdateResult =
  /** `before`: the version it replaced, as read in the same transaction. */
  | { kind: "updated"; lead: StoredLead; before: StoredLead }
  | { kind: "not-found" }
  | { kind: "stale"; lead: StoredLead }
  /** AssignedTo names no owner or member of the team. */
  | { kind: "bad-assignee" };

/** Who made a change, as recorded in the lead's history. */
export type Actor = { readonly id: string | null; readonly email: string };

const historyFields = [
  "CommStatus",
  "LeadStatus",
  "Notes",
  "NextFollowUp",
  "Value",
  "AssignedTo",
] as const;

/**
 * A field's value as history keeps it: text, "" for none; a lead's owner as their e-mail, so
 * the history reads without looking anyone up (`emails`: user ID → e-mail).
 */
const historyValue = (
  lead: StoredLead,
  field: (typeof historyFields)[number],
  emails: ReadonlyMap<string, string>,
) => {
  const value = lead[field];
  if (field === "AssignedTo" && typeof value === "string") return emails.get(value) ?? value;
  return String(value ?? "");
};

/**
 * When a lead was closed after a change of its LeadStatus: entering CONVERTED or ABANDONED
 * closes it now, going back to an open status opens it again (null); anything else leaves the
 * date as it was (moving from won to lost keeps "last entered one of them" now).
 */
export function closedAtAfter(before: StoredLead, after: StoredLead, at: string): string | null {
  if (before.LeadStatus === after.LeadStatus) return before.ClosedAt;
  return isClosedStatus(after.LeadStatus) ? at : null;
}

/**
 * The history entries of one save: a row per field the change set that differs from before.
 * `offset` keeps the IDs of several leads' entries in one transaction distinct and in order.
 */
export function historyEvents(
  before: StoredLead,
  after: StoredLead,
  changes: LeadChanges,
  actor: Actor,
  now: Date,
  offset = 0,
  emails: ReadonlyMap<string, string> = new Map(),
): Array<Insertable<LeadEventsTable>> {
  return historyFields
    .filter((field) => changes[field] !== undefined && changes[field] !== before[field])
    .map((field, i) => ({
      id: uuidv7(now.getTime() + offset + i),
      lead_id: before.ID,
      actor_id: actor.id,
      actor_email: actor.email,
      field,
      // History keeps text: a cleared follow-up date or value is "".
      from_value: historyValue(before, field, emails),
      to_value: historyValue(after, field, emails),
      created_at: after.UpdatedAt,
    }));
}

/**
 * The e-mails a change of owner records in history, for the leads' owners now and the new one;
 * null when the new one may not own leads (an editor, someone who left, no such account).
 */
export async function assigneeEmails(
  trx: Db | Transaction<Database>,
  assignTo: string | null | undefined,
  current: ReadonlyArray<string | null>,
): Promise<Map<string, string> | null> {
  if (assignTo === undefined) return new Map();
  if (assignTo !== null && !(await leadOwnerEmail(trx, assignTo))) return null;
  const ids = [assignTo, ...current].filter((id): id is string => id !== null);
  return emailsOf(trx, ids);
}

/**
 * Applies an update as a compare-and-swap on UpdatedAt, the same on SQLite and PostgreSQL
 * without row locks: read the lead, then write only if it is still the version we read, and
 * record each changed field (from → to) in the same transaction. With `basedOn` (the
 * UpdatedAt the caller saw) a lead changed since is never overwritten; the caller gets the
 * current lead back instead. Without it the last writer wins, retried on a race.
 */
export async function updateLead(
  db: Db,
  update: LeadUpdate,
  actor: Actor,
  now = new Date(),
): Promise<LeadUpdateResult> {
  for (;;) {
    const result = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("leads")
        .selectAll()
        .where("id", "=", update.id)
        .executeTakeFirst();
      if (!row) return { kind: "not-found" } as const;
      const current = toLeadRecord(row);
      if (update.basedOn && update.basedOn !== current.UpdatedAt)
        return { kind: "stale", lead: current } as const;
      const { CommStatus, LeadStatus, Notes, NextFollowUp, Value, AssignedTo } = update.changes;
      const emails = await assigneeEmails(trx, AssignedTo, [current.AssignedTo]);
      if (!emails) return { kind: "bad-assignee" } as const;
      // Strictly after the version it replaces, so every version has its own UpdatedAt even
      // within one millisecond or with a clock behind the last writer's.
      const at = new Date(Math.max(now.getTime(), Date.parse(current.UpdatedAt) + 1)).toISOString();
      const written = await trx
        .updateTable("leads")
        .set({
          ...(CommStatus !== undefined ? { comm_status: CommStatus } : {}),
          ...(LeadStatus !== undefined ? { lead_status: LeadStatus } : {}),
          ...(Notes !== undefined ? { notes: Notes } : {}),
          ...(NextFollowUp !== undefined ? { next_follow_up: NextFollowUp } : {}),
          ...(Value !== undefined ? { value: Value } : {}),
          ...(AssignedTo !== undefined ? { assigned_to: AssignedTo } : {}),
          closed_at: closedAtAfter(current, { ...current, ...update.changes }, at),
          updated_at: at,
        })
        .where("id", "=", update.id)
        .where("updated_at", "=", current.UpdatedAt)
        .executeTakeFirst();
      // Someone else wrote between our read and our write: read again and decide again.
      if (Number(written.numUpdatedRows) !== 1) return { kind: "retry" } as const;
      const changed = { ...current, ...update.changes };
      const lead: StoredLead = {
        ...changed,
        ClosedAt: closedAtAfter(current, changed, at),
        UpdatedAt: at,
      };
      const events = historyEvents(current, lead, update.changes, actor, now, 0, emails);
      if (events.length) await trx.insertInto("lead_events").values(events).execute();
      await enqueueWebhookEvents(trx, leadChangeEvents(current, lead), now);
      // The new owner hears of it, unless they did it themselves.
      if (AssignedTo && AssignedTo !== current.AssignedTo && AssignedTo !== actor.id)
        await enqueueAssignmentEmail(trx, {
          leadIds: [lead.ID],
          userId: AssignedTo,
          by: actor.id,
          now,
        });
      return { kind: "updated", lead, before: current } as const;
    });
    if (result.kind !== "retry") return result;
  }
}

/** A lead's recorded changes, newest first. */
export async function leadHistory(db: Db, leadId: string): Promise<LeadEvent[]> {
  const rows = await db
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ID: row.id,
    LeadID: row.lead_id,
    Field: row.field,
    From: row.from_value,
    To: row.to_value,
    By: row.actor_email,
    At: toIso(row.created_at),
    Via: row.via ?? null,
  }));
}
