import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { LeadSource } from "../../domain/lead-source.ts";
import { foldMessage, repeatMinLength, type SpamReason } from "../../domain/spam.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueLeadNotification } from "../notifications/outbox.repository.ts";

/** All SQL for contact intake: a visitor's request becoming a stored lead. */

export const repeatWindowMs = 10 * 60 * 1000;

export type NewContactLead = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
  readonly sourcePage: string | null;
  /** Where the visit came from; absent for leads entered without one. */
  readonly source?: LeadSource;
  /** The route's verdict, when it judged the request to be spam. */
  readonly spam?: SpamReason | null;
};

type Trx = Transaction<Database>;

export type ContactLeadWrite = { lead: NewContactLead; now?: Date; notify?: boolean };
export type ContactLeadResult = {
  id: string;
  duplicate: boolean;
  /** Why it was kept as spam instead of becoming a lead; null for a lead. */
  spam: SpamReason | null;
};

/**
 * A message's fingerprint for "repeats a message already marked as spam": folded for case and
 * spacing, hashed so the index stays small. Short messages have none (repeatMinLength).
 */
export function messageHash(message: string): string | null {
  const folded = foldMessage(message);
  return [...folded].length < repeatMinLength
    ? null
    : createHash("sha256").update(folded).digest("base64url");
}

/** Whether a message repeats one kept as spam. */
async function repeatsSpam(trx: Trx, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const row = await trx
    .selectFrom("spam_leads")
    .select("id")
    .where("message_hash", "=", hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const sourceColumns = (source: LeadSource | undefined) => ({
  referrer: source?.referrer ?? null,
  utm_source: source?.utmSource ?? null,
  utm_medium: source?.utmMedium ?? null,
  utm_campaign: source?.utmCampaign ?? null,
  source: source?.source ?? null,
});

/** Keeps a submission as spam, for review; the same e-mail and message within ten minutes once. */
async function insertSpam(
  trx: Trx,
  lead: NewContactLead,
  reason: SpamReason,
  hash: string | null,
  now: Date,
): Promise<ContactLeadResult> {
  const since = new Date(now.getTime() - repeatWindowMs).toISOString();
  const repeat = await trx
    .selectFrom("spam_leads")
    .select("id")
    .where("email", "=", lead.email)
    .where("created_at", ">=", since)
    .where("message", "=", lead.message)
    .limit(1)
    .executeTakeFirst();
  if (repeat) return { id: repeat.id, duplicate: true, spam: reason };
  const id = uuidv7(now.getTime());
  const at = now.toISOString();
  await trx
    .insertInto("spam_leads")
    .values({
      id,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      message: lead.message,
      source_page: lead.sourcePage,
      ...sourceColumns(lead.source),
      reason,
      message_hash: hash,
      created_at: at,
      flagged_at: at,
    })
    .execute();
  return { id, duplicate: false, spam: reason };
}

/** The same email and message within ten minutes (a double click, a retry) is stored once. */
async function insertContactLead(
  trx: Trx,
  { lead, now = new Date(), notify = false }: ContactLeadWrite,
): Promise<ContactLeadResult> {
  const hash = messageHash(lead.message);
  const spam = lead.spam ?? ((await repeatsSpam(trx, hash)) ? "repeat" : null);
  if (spam) return insertSpam(trx, lead, spam, hash, now);
  const since = new Date(now.getTime() - repeatWindowMs).toISOString();
  const repeat = await trx
    .selectFrom("leads")
    .select("id")
    .where("email", "=", lead.email)
    .where("created_at", ">=", since)
    .where("message", "=", lead.message)
    .limit(1)
    .executeTakeFirst();
  if (repeat) return { id: repeat.id, duplicate: true, spam: null };

  const id = uuidv7(now.getTime());
  const at = now.toISOString();
  await trx
    .insertInto("leads")
    .values({
      id,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      message: lead.message,
      contacted_us: true,
      lead_status: "WARM",
      comm_status: "UNREAD",
      notes: "",
      source_page: lead.sourcePage,
      ...sourceColumns(lead.source),
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (notify) await enqueueLeadNotification(trx, id, now);
  return { id, duplicate: false, spam: null };
}

/**
 * Stores a contact request as an UNREAD, WARM lead, with its notification in the same
 * transaction when `notify` is set, and resolves only after the commit.
 */
export async function createContactLead(
  db: Db,
  lead: NewContactLead,
  options: { now?: Date; notify?: boolean } = {},
): Promise<ContactLeadResult> {
  return db.transaction().execute((trx) => insertContactLead(trx, { lead, ...options }));
}

/**
 * Several contact requests in one transaction: one commit (one fsync) for all of them.
 * Resolves after the commit, with one result per write, in order.
 */
export async function createContactLeads(
  db: Db,
  writes: readonly ContactLeadWrite[],
): Promise<ContactLeadResult[]> {
  return db.transaction().execute(async (trx) => {
    const results: ContactLeadResult[] = [];
    for (const write of writes) results.push(await insertContactLead(trx, write));
    return results;
  });
}
