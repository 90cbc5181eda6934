import { PostgresAdapter, type Transaction } from "kysely";
import type { DuplicateReason } from "../../domain/lead-merge.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import type { LeadChanges } from "../../domain/lead-update.ts";
import { limits } from "../../domain/limits.ts";
import { markLeadMeetingsChanged } from "../booking/calendar-sync.repository.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { recordAudit } from "../leads/audit.ts";
import { emailsOf } from "../leads/lead-assignment.ts";
import { lockLead } from "../leads/lead-lock.ts";
import { toLeadRecord } from "../leads/lead-record.ts";
import { type Actor, historyEvents } from "../leads/lead-updates.repository.ts";
import { type MergeKeep, mergedLead } from "./lead-merge-fields.ts";

/** All SQL for finding duplicate leads and merging one into another (ADR 041). */

export type MergeRequest = {
  readonly keptId: string;
  readonly otherId: string;
  /** The kept lead's UpdatedAt the caller saw, when it sent one. */
  readonly basedOn?: string;
  readonly keep?: MergeKeep;
  /** Today in the owner's time zone, for the notes' heading. */
  readonly day: string;
};

export type MergeResult =
  | { kind: "merged"; lead: StoredLead }
  | { kind: "not-found" }
  | { kind: "other-gone" }
  | { kind: "stale"; lead: StoredLead }
  /** The kept lead as it is, for the 409. */
  | { kind: "notes-too-long"; lead: StoredLead };

/** Every table whose rows belong to a lead by `lead_id`: they all move to the kept lead. */
const leadRows = [
  "lead_messages",
  "meetings",
  "event_registrations",
  "lead_events",
  "outbox",
] as const;

/**
 * Merges one lead into another in one transaction: every row of the other (messages, meetings,
 * registrations, history, pending e-mails) moves to the kept lead, whose fields become
 * mergedLead's; the other's row goes (its search entry with it: the SQLite trigger, the
 * PostgreSQL expression index) and its ID redirects to the kept one, as do IDs that
 * redirected to it. One "Merged" history line and an audit entry record it.
 *
 * Concurrency (ADR 041, "Nothing lost"): both leads' advisory locks, in ID order, so merges,
 * erasures and moves to Spam of either take turns and A←B against B←A cannot deadlock; then,
 * on PostgreSQL, both rows FOR UPDATE, so an update waits and then finds its version gone
 * (its compare-and-swap retries), and no message, meeting or history line can be added to
 * the other lead between the move and its delete (adding one takes a key-share lock on the
 * lead row). SQLite's write transactions already run one at a time.
 */
export async function mergeLeads(
  db: Db,
  request: MergeRequest,
  actor: Actor,
  now = new Date(),
): Promise<MergeResult> {
  const { keptId, otherId } = request;
  return db.transaction().execute(async (trx) => {
    const ids = [keptId, otherId].sort();
    for (const id of ids) await lockLead(trx, id);
    const rows = await lockedRows(trx, ids);
    const keptRow = rows.find((row) => row.id === keptId);
    const otherRow = rows.find((row) => row.id === otherId);
    if (!keptRow) return { kind: "not-found" } as const;
    const kept = toLeadRecord(keptRow);
    if (request.basedOn && request.basedOn !== kept.UpdatedAt)
      return { kind: "stale", lead: kept } as const;
    if (!otherRow) return { kind: "other-gone" } as const;
    const other = toLeadRecord(otherRow);
    // Strictly after both versions, so the merged lead is a new version of either.
    const at = new Date(
      Math.max(now.getTime(), time(kept.UpdatedAt) + 1, time(other.UpdatedAt) + 1),
    ).toISOString();
    const lead = mergedLead(kept, other, request.keep ?? {}, at, request.day);
    // Refused rather than cut: nothing of either lead's notes may be lost.
    if (lead.Notes.length > limits.notes) return { kind: "notes-too-long", lead: kept } as const;

    for (const table of leadRows)
      await trx
        .updateTable(table)
        .set({ lead_id: keptId })
        .where("lead_id", "=", otherId)
        .execute();
    await trx
      .updateTable("lead_redirects")
      .set({ kept_id: keptId })
      .where("kept_id", "=", otherId)
      .execute();
    await trx
      .insertInto("lead_redirects")
      .values({ old_id: otherId, kept_id: keptId, merged_at: at })
      .execute();
    await trx.deleteFrom("leads").where("id", "=", otherId).execute();
    await trx
      .updateTable("leads")
      .set({
        first_name: lead.FirstName,
        last_name: lead.LastName,
        email: lead.Email,
        message: lead.Message,
        contacted_us: lead.ContactedUs,
        lead_status: lead.LeadStatus,
        comm_status: lead.CommStatus,
        notes: lead.Notes,
        source_page: lead.SourcePage,
        created_at: lead.CreatedAt,
        updated_at: at,
        next_follow_up: lead.NextFollowUp,
        referrer: lead.Referrer,
        utm_source: lead.UtmSource,
        utm_medium: lead.UtmMedium,
        utm_campaign: lead.UtmCampaign,
        source: lead.Source,
        entry_page: lead.EntryPage,
        value: lead.Value,
        closed_at: lead.ClosedAt,
        reply_unread_at: lead.ReplyUnreadAt,
        assigned_to: lead.AssignedTo,
      })
      .where("id", "=", keptId)
      .execute();

    const emails = await emailsOf(
      trx,
      [kept.AssignedTo, lead.AssignedTo].filter((id): id is string => id !== null),
    );
    const { CommStatus, LeadStatus, Notes, NextFollowUp, Value, AssignedTo } = lead;
    const changes = { CommStatus, LeadStatus, Notes, NextFollowUp, Value, AssignedTo };
    const events = historyEvents(kept, lead, changes as LeadChanges, actor, now, 1, emails);
    const name = `${other.FirstName} ${other.LastName}`.trim();
    await trx
      .insertInto("lead_events")
      .values([
        {
          id: uuidv7(now.getTime()),
          lead_id: keptId,
          actor_id: actor.id,
          actor_email: actor.email,
          field: "Merged",
          from_value: otherId,
          to_value: name ? `${name} (${other.Email})` : other.Email,
          created_at: at,
        },
        ...events,
      ])
      .execute();
    // The tracker's live updates learn from this that the other lead left the lists.
    await recordAudit(trx, "lead.merged", otherId, actor, now);
    // Its calls' copies in the owner's calendar now name the kept lead.
    await markLeadMeetingsChanged(trx, keptId, now);
    return { kind: "merged", lead } as const;
  });
}

const time = (iso: string) => Date.parse(iso);

async function lockedRows(trx: Transaction<Database>, ids: string[]) {
  const query = trx.selectFrom("leads").selectAll().where("id", "in", ids).orderBy("id");
  return trx.getExecutor().adapter instanceof PostgresAdapter
    ? query.forUpdate().execute()
    : query.execute();
}

export type Duplicate = { lead: StoredLead; reason: DuplicateReason };

const duplicatesLimit = 20;
/** A phone number as compared: its digits; shorter than this it says too little. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, "");
const minPhoneDigits = 6;

/**
 * Other leads that look like the same person: the same e-mail whatever its case, or the same
 * first and last name (case aside) with a call booked from the same phone number (leads have
 * no phone field; a booked call's number is the only one kept). Undefined: no such lead.
 */
export async function findDuplicates(db: Db, id: string): Promise<Duplicate[] | undefined> {
  const lead = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const byEmail = await db
    .selectFrom("leads")
    .selectAll()
    // lower() on both sides: SQLite's folds ASCII only, and the comparison must be one.
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", eb.fn("lower", [eb.val(lead.email)])))
    .where("id", "!=", id)
    .orderBy("created_at", "desc")
    .limit(duplicatesLimit)
    .execute();
  const found: Duplicate[] = byEmail.map((row) => ({
    lead: toLeadRecord(row),
    reason: "email",
  }));
  const phones = await db
    .selectFrom("meetings")
    .select("visitor_phone")
    .where("lead_id", "=", id)
    .where("visitor_phone", "is not", null)
    .execute();
  const digits = new Set(
    phones
      .map((row) => phoneDigits(row.visitor_phone ?? ""))
      .filter((d) => d.length >= minPhoneDigits),
  );
  if (digits.size === 0 || `${lead.first_name}${lead.last_name}`.trim() === "") return found;
  const sameName = await db
    .selectFrom("leads")
    .innerJoin("meetings", "meetings.lead_id", "leads.id")
    .selectAll("leads")
    .select("meetings.visitor_phone")
    .where((eb) =>
      eb(eb.fn("lower", ["leads.first_name"]), "=", eb.fn("lower", [eb.val(lead.first_name)])),
    )
    .where((eb) =>
      eb(eb.fn("lower", ["leads.last_name"]), "=", eb.fn("lower", [eb.val(lead.last_name)])),
    )
    .where("leads.id", "!=", id)
    .where("meetings.visitor_phone", "is not", null)
    .orderBy("leads.created_at", "desc")
    .limit(200)
    .execute();
  const seen = new Set(found.map((d) => d.lead.ID));
  for (const { visitor_phone, ...row } of sameName) {
    if (seen.has(row.id) || !digits.has(phoneDigits(visitor_phone ?? ""))) continue;
    seen.add(row.id);
    found.push({ lead: toLeadRecord(row), reason: "name-and-phone" });
  }
  return found.slice(0, duplicatesLimit);
}
