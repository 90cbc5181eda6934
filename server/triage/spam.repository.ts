import type { Selectable, Transaction } from "kysely";
import type { StoredLead } from "../../domain/lead-record.ts";
import { type SpamLead, type SpamReason, spamRetentionDays } from "../../domain/spam.ts";
import { markLeadMeetingsChanged } from "../booking/calendar-sync.repository.ts";
import { messageHash } from "../contact/lead-intake.repository.ts";
import type { Db } from "../db/connect.ts";
import { type Database, type LeadEventsTable, type SpamLeadsTable, toIso } from "../db/schema.ts";
import { releaseRegistrations } from "../events/registrations.repository.ts";
import { recordAudit } from "../leads/audit.ts";
import { leadOwnerEmail } from "../leads/lead-assignment.ts";
import type { LeadCursor } from "../leads/lead-lists.repository.ts";
import { lockLead } from "../leads/lead-lock.ts";
import { enqueueLeadNotification } from "../leads/lead-notification.ts";
import { storedValue, toLeadRecord } from "../leads/lead-record.ts";
import type { Actor } from "../leads/lead-updates.repository.ts";
import { putConversationBack, takeConversation } from "../mail/messages.repository.ts";

/** All SQL for spam kept for review: the list, "Not spam", "Mark as spam", and the purge. */

/** A spam submission as the Spam view shows it: a lead's fields and the verdict. */
export function toSpamRecord(row: Selectable<SpamLeadsTable>): Required<SpamLead> {
  const created = toIso(row.created_at);
  return {
    ID: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Message: row.message,
    ContactedUs: true,
    LeadStatus: (row.lead_status ?? "WARM") as SpamLead["LeadStatus"],
    CommStatus: (row.comm_status ?? "UNREAD") as SpamLead["CommStatus"],
    Notes: row.notes ?? "",
    SourcePage: row.source_page,
    CreatedAt: created,
    UpdatedAt: row.lead_updated_at ? toIso(row.lead_updated_at) : created,
    NextFollowUp: row.next_follow_up ?? null,
    Referrer: row.referrer,
    UtmSource: row.utm_source,
    UtmMedium: row.utm_medium,
    UtmCampaign: row.utm_campaign,
    Source: row.source,
    EntryPage: row.entry_page ?? null,
    Value: storedValue(row.value),
    ClosedAt: row.closed_at ? toIso(row.closed_at) : null,
    ReplyUnreadAt: null,
    AssignedTo: row.assigned_to ?? null,
    SpamReason: row.reason as SpamReason,
    SpamAt: toIso(row.flagged_at),
  };
}

export type SpamPage = { readonly leads: Required<SpamLead>[]; readonly next: LeadCursor | null };

/** One page of spam, newest first, keyset-paged on (created_at, id) like the lists. */
export async function listSpam(
  db: Db,
  { limit, after }: { limit: number; after?: LeadCursor | undefined },
): Promise<SpamPage> {
  let query = db.selectFrom("spam_leads").selectAll();
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", after.at),
        eb.and([eb("created_at", "=", after.at), eb("id", "<", after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const leads = rows.slice(0, limit).map(toSpamRecord);
  const last = leads.at(-1);
  return {
    leads,
    next: rows.length > limit && last ? { at: last.CreatedAt, id: last.ID } : null,
  };
}

export async function countSpam(db: Db): Promise<number> {
  const row = await db
    .selectFrom("spam_leads")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A history entry as its spam row keeps it, to be written back as it was. */
type KeptEvent = Omit<Selectable<LeadEventsTable>, "created_at"> & { created_at: string };

/** The history kept in a spam row; an unreadable one (never written by us) counts as none. */
function keptHistory(json: string | null): KeptEvent[] {
  if (!json) return [];
  try {
    const events = JSON.parse(json) as unknown;
    return Array.isArray(events) ? (events as KeptEvent[]) : [];
  } catch {
    return [];
  }
}

type KeptRedirect = { old_id: string; merged_at: string };

/** The redirects kept in a spam row; an unreadable list counts as none, like its history. */
function keptRedirects(json: string | null): KeptRedirect[] {
  if (!json) return [];
  try {
    const redirects = JSON.parse(json) as unknown;
    return Array.isArray(redirects) ? (redirects as KeptRedirect[]) : [];
  } catch {
    return [];
  }
}

/** SQLite allows 32,766 parameters a statement: history goes back in slices well inside it. */
const eventsPerInsert = 500;

/** One spam row back among the leads, inside the caller's transaction (see restoreFromSpam). */
async function restoreIn(
  trx: Transaction<Database>,
  id: string,
  { now, notify, actor }: { now: Date; notify: boolean; actor: Actor },
): Promise<StoredLead | undefined> {
  await lockLead(trx, id);
  const row = await trx
    .deleteFrom("spam_leads")
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  // A lead the owner had: back as it was, in its place by its last update. A submission
  // judged spam on arrival: the UNREAD, WARM lead it would have been, new to the owner.
  const worked = row.lead_updated_at !== null;
  const lead = await trx
    .insertInto("leads")
    .values({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      message: row.message,
      contacted_us: true,
      lead_status: row.lead_status ?? "WARM",
      comm_status: row.comm_status ?? "UNREAD",
      notes: row.notes ?? "",
      next_follow_up: row.next_follow_up ?? null,
      source_page: row.source_page,
      referrer: row.referrer,
      utm_source: row.utm_source,
      utm_medium: row.utm_medium,
      utm_campaign: row.utm_campaign,
      source: row.source,
      created_at: toIso(row.created_at),
      updated_at: row.lead_updated_at ? toIso(row.lead_updated_at) : now.toISOString(),
      value: storedValue(row.value),
      closed_at: row.closed_at ? toIso(row.closed_at) : null,
      entry_page: row.entry_page ?? null,
      // Theirs again, unless they have left the team since.
      assigned_to:
        row.assigned_to && (await leadOwnerEmail(trx, row.assigned_to)) ? row.assigned_to : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const replyUnreadAt = await putConversationBack(trx, row.conversation);
  if (replyUnreadAt)
    await trx
      .updateTable("leads")
      .set({ reply_unread_at: replyUnreadAt })
      .where("id", "=", row.id)
      .execute();
  const history = keptHistory(row.history);
  for (let at = 0; at < history.length; at += eventsPerInsert)
    await trx
      .insertInto("lead_events")
      .values(history.slice(at, at + eventsPerInsert))
      .execute();
  const redirects = keptRedirects(row.redirects);
  if (redirects.length)
    await trx
      .insertInto("lead_redirects")
      .values(redirects.map((r) => ({ old_id: r.old_id, kept_id: row.id, merged_at: r.merged_at })))
      .onConflict((oc) => oc.column("old_id").doNothing())
      .execute();
  await recordAudit(trx, "lead.restored", id, actor, now);
  if (notify && !worked) await enqueueLeadNotification(trx, row.id, now);
  return toLeadRecord({ ...lead, reply_unread_at: replyUnreadAt });
}

/**
 * "Not spam": a lead the owner marked as spam comes back as it was (statuses, notes,
 * follow-up date, history, its place by its last update); a submission judged spam on
 * arrival becomes the UNREAD, WARM lead it would have been, with the time it arrived, and its
 * notification is queued in the same transaction (when e-mail is on).
 */
export async function restoreFromSpam(
  db: Db,
  id: string,
  { now = new Date(), notify = false, actor = system }: RestoreOptions = {},
): Promise<StoredLead | undefined> {
  return db.transaction().execute((trx) => restoreIn(trx, id, { now, notify, actor }));
}

/** "Not spam" for many (Undo of a bulk move to Spam), in one transaction; gone ones reported. */
export async function restoreManyFromSpam(
  db: Db,
  ids: readonly string[],
  { now = new Date(), notify = false, actor = system }: RestoreOptions = {},
): Promise<{ restored: StoredLead[]; missing: string[] }> {
  return db.transaction().execute(async (trx) => {
    const restored: StoredLead[] = [];
    const missing: string[] = [];
    for (const id of [...new Set(ids)].sort()) {
      const lead = await restoreIn(trx, id, { now, notify, actor });
      lead ? restored.push(lead) : missing.push(id);
    }
    return { restored, missing };
  });
}

type RestoreOptions = { now?: Date; notify?: boolean; actor?: Actor };
/** Who a change is recorded as when no admin made it (scripts, tests). */
const system: Actor = { id: null, email: "system" };

/** One lead to Spam, inside the caller's transaction (see markAsSpam). */
async function markIn(
  trx: Transaction<Database>,
  id: string,
  actor: Actor,
  now: Date,
): Promise<Required<SpamLead> | undefined> {
  await lockLead(trx, id);
  // Explicit, not left to ON DELETE CASCADE (which needs SQLite's foreign_keys pragma).
  await trx.deleteFrom("outbox").where("lead_id", "=", id).execute();
  const events = await trx
    .deleteFrom("lead_events")
    .where("lead_id", "=", id)
    .returningAll()
    .execute();
  // Its calls are dropped, their times freed and their events taken off the owner's calendar.
  await markLeadMeetingsChanged(trx, id, now);
  await trx.deleteFrom("meetings").where("lead_id", "=", id).execute();
  // So are its event registrations: their seats go back to people.
  await releaseRegistrations(trx, id);
  // Taken by the delete itself: what it removed is what goes to Spam, and a lead already
  // gone (erased, or marked a moment ago by a second click) is not found.
  const unread = await trx
    .selectFrom("leads")
    .select("reply_unread_at")
    .where("id", "=", id)
    .executeTakeFirst();
  const conversation = unread ? await takeConversation(trx, id, unread.reply_unread_at) : null;
  // The links of leads merged into it go with it, and come back with Not spam (ADR 041).
  const redirects = await trx
    .deleteFrom("lead_redirects")
    .where("kept_id", "=", id)
    .returning(["old_id", "merged_at"])
    .execute();
  const lead = await trx.deleteFrom("leads").where("id", "=", id).returningAll().executeTakeFirst();
  if (!lead) return undefined;
  const history: KeptEvent[] = events
    .map((event) => ({ ...event, created_at: toIso(event.created_at) }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  const spam = await trx
    .insertInto("spam_leads")
    .values({
      id: lead.id,
      first_name: lead.first_name,
      last_name: lead.last_name,
      email: lead.email,
      message: lead.message,
      source_page: lead.source_page,
      referrer: lead.referrer ?? null,
      utm_source: lead.utm_source ?? null,
      utm_medium: lead.utm_medium ?? null,
      utm_campaign: lead.utm_campaign ?? null,
      source: lead.source ?? null,
      reason: "marked",
      message_hash: messageHash(lead.message),
      created_at: toIso(lead.created_at),
      flagged_at: now.toISOString(),
      comm_status: lead.comm_status,
      lead_status: lead.lead_status,
      notes: lead.notes,
      next_follow_up: lead.next_follow_up ?? null,
      lead_updated_at: toIso(lead.updated_at),
      value: storedValue(lead.value),
      closed_at: lead.closed_at ? toIso(lead.closed_at) : null,
      entry_page: lead.entry_page ?? null,
      assigned_to: lead.assigned_to ?? null,
      history: history.length > 0 ? JSON.stringify(history) : null,
      conversation,
      redirects: redirects.length
        ? JSON.stringify(redirects.map((r) => ({ ...r, merged_at: toIso(r.merged_at) })))
        : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, "lead.marked-spam", id, actor, now);
  return toSpamRecord(spam);
}

/**
 * "Mark as spam": the lead leaves the tracker for the Spam view, where it is deleted after 30
 * days. Its spam row keeps it whole (statuses, notes, follow-up, history), so Not spam can
 * bring it back as it was; its pending e-mails go. Later submissions repeating its message
 * are kept as spam too.
 */
export async function markAsSpam(
  db: Db,
  id: string,
  now = new Date(),
  actor: Actor = system,
): Promise<Required<SpamLead> | undefined> {
  return db.transaction().execute((trx) => markIn(trx, id, actor, now));
}

/** "Mark as spam" for many, in one transaction; leads already gone are reported, not an error. */
export async function markManyAsSpam(
  db: Db,
  ids: readonly string[],
  actor: Actor,
  now = new Date(),
): Promise<{ moved: Required<SpamLead>[]; missing: string[] }> {
  return db.transaction().execute(async (trx) => {
    const moved: Required<SpamLead>[] = [];
    const missing: string[] = [];
    // In ID order, so two moves of overlapping leads take their locks in the same order.
    for (const id of [...new Set(ids)].sort()) {
      const spam = await markIn(trx, id, actor, now);
      spam ? moved.push(spam) : missing.push(id);
    }
    return { moved, missing };
  });
}

/** Deletes spam judged more than 30 days ago. Safe to run from every instance at once. */
export async function purgeSpam(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - spamRetentionDays * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom("spam_leads")
    .where("flagged_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
