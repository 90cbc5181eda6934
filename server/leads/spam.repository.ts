import type { Selectable } from "kysely";
import type { StoredLead } from "../../domain/lead-record.ts";
import { type SpamLead, type SpamReason, spamRetentionDays } from "../../domain/spam.ts";
import { messageHash } from "../contact/lead-intake.repository.ts";
import type { Db } from "../db/connect.ts";
import { type SpamLeadsTable, toIso } from "../db/schema.ts";
import { enqueueLeadNotification } from "../notifications/outbox.repository.ts";
import type { LeadCursor } from "./lead-lists.repository.ts";
import { lockLead } from "./lead-lock.ts";
import { toLeadRecord } from "./lead-record.ts";

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
    LeadStatus: "WARM",
    CommStatus: "UNREAD",
    Notes: "",
    SourcePage: row.source_page,
    CreatedAt: created,
    UpdatedAt: created,
    NextFollowUp: null,
    Referrer: row.referrer,
    UtmSource: row.utm_source,
    UtmMedium: row.utm_medium,
    UtmCampaign: row.utm_campaign,
    Source: row.source,
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

/**
 * "Not spam": the submission becomes the UNREAD, WARM lead it would have been, with the time
 * it arrived, and its notification is queued in the same transaction (when e-mail is on).
 */
export async function restoreFromSpam(
  db: Db,
  id: string,
  { now = new Date(), notify = false }: { now?: Date; notify?: boolean } = {},
): Promise<StoredLead | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockLead(trx, id);
    const row = await trx
      .deleteFrom("spam_leads")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const at = now.toISOString();
    const lead = await trx
      .insertInto("leads")
      .values({
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        message: row.message,
        contacted_us: true,
        lead_status: "WARM",
        comm_status: "UNREAD",
        notes: "",
        source_page: row.source_page,
        referrer: row.referrer,
        utm_source: row.utm_source,
        utm_medium: row.utm_medium,
        utm_campaign: row.utm_campaign,
        source: row.source,
        created_at: toIso(row.created_at),
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (notify) await enqueueLeadNotification(trx, row.id, now);
    return toLeadRecord(lead);
  });
}

/**
 * "Mark as spam": the lead leaves the tracker for the Spam view, where it is deleted after 30
 * days; its history and pending e-mails go with the lead's row. Later submissions repeating
 * its message are kept as spam too.
 */
export async function markAsSpam(
  db: Db,
  id: string,
  now = new Date(),
): Promise<Required<SpamLead> | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockLead(trx, id);
    // Explicit, not left to ON DELETE CASCADE (which needs SQLite's foreign_keys pragma).
    await trx.deleteFrom("outbox").where("lead_id", "=", id).execute();
    await trx.deleteFrom("lead_events").where("lead_id", "=", id).execute();
    // Taken by the delete itself: what it removed is what goes to Spam, and a lead already
    // gone (erased, or marked a moment ago by a second click) is not found.
    const lead = await trx
      .deleteFrom("leads")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!lead) return undefined;
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSpamRecord(spam);
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
