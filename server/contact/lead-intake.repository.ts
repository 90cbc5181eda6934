import { createHash, createHmac } from "node:crypto";
import type { Transaction } from "kysely";
import type { LeadSource } from "../../domain/lead-source.ts";
import { limits } from "../../domain/limits.ts";
import { foldMessage, repeatMinLength, type SpamReason } from "../../domain/spam.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueAssignmentEmail } from "../leads/lead-assignment.ts";
import { enqueueLeadNotification } from "../leads/lead-notification.ts";
import { toLeadRecord } from "../leads/lead-record.ts";
import { claimAutoReply, queueMessage } from "../mail/messages.repository.ts";
import { assignOnArrival } from "../team/assignment.repository.ts";
import { enqueueWebhookEvent } from "../webhooks/webhooks.repository.ts";
import type { FormTokenClaim } from "./form-token.ts";

/** All SQL for contact intake: a visitor's request becoming a stored lead. */

export const repeatWindowMs = 10 * 60 * 1000;

export type NewContactLead = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
  readonly sourcePage: string | null;
  /** The page the visit entered the site on (for the insights); absent: unknown. */
  readonly entryPage?: string | null;
  /** Where the visit came from; absent for leads entered without one. */
  readonly source?: LeadSource;
  /** The route's verdict, when it judged the request to be spam. */
  readonly spam?: SpamReason | null;
  /** A fresh timing token the request came with: good for this one message only. */
  readonly formToken?: FormTokenClaim | undefined;
};

type Trx = Transaction<Database>;

/** The instant reply a new lead gets (docs/conversations.md): who it is from, and its words for a lead. */
export type AutoReply = {
  from: string;
  host: string;
  subject: string;
  /** The text for this lead (its booking link carries a pass for it). */
  textFor: (leadId: string) => string;
};

export type ContactLeadWrite = {
  lead: NewContactLead;
  now?: Date;
  notify?: boolean;
  /** With an outbox and AUTO_REPLY on: the instant reply, at most once per address a day. */
  autoReply?: AutoReply | null;
  /**
   * The lead this visitor created a moment ago (a booking's pass, ADR 022): joined instead
   * of a new one while it is still a lead with the same address.
   */
  join?: string | null;
  /**
   * Whether the same address and message within ten minutes is the earlier lead again (the
   * contact form's double click). Off for bookings and registrations: their answers and
   * e-mails speak of the lead they make, so folding a stranger's request into an earlier lead
   * found by address alone would hand it to them.
   */
  storeRepeatOnce?: boolean;
};
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

/**
 * Whether a message repeats spam: one the owner marked as spam, or one kept as spam from two
 * or more addresses (a campaign). A single automatic verdict is not enough: one message seeded
 * through the honeypot would otherwise send every later identical message to spam, unseen.
 */
async function repeatsSpam(trx: Trx, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const row = await trx
    .selectFrom("spam_leads")
    .select((eb) => [
      // Addresses as the fingerprint compares them: Bob@x and bob@x are one.
      eb.fn
        .count<number | string>(eb.fn("lower", ["email"]))
        .distinct()
        .as("addresses"),
      eb.fn
        .count<number | string>(eb.case().when("reason", "=", "marked").then(1).end())
        .as("marked"),
    ])
    .where("message_hash", "=", hash)
    .executeTakeFirst();
  return Number(row?.marked ?? 0) > 0 || Number(row?.addresses ?? 0) >= 2;
}

/**
 * What a token's one use is checked against: the same message again is a retry, not a reuse.
 * Keyed by the token (form-token.ts, FormTokenClaim), so it is not personal data.
 */
const fingerprintOf = (claim: FormTokenClaim, lead: NewContactLead) =>
  createHmac("sha256", claim.fingerprintKey)
    .update(`${lead.email.trim().toLowerCase()}\n${lead.message}`)
    .digest("base64url");

/**
 * Claims a timing token for this submission. False when it was already used for another
 * message: the second message is a bot reusing one token for many posts.
 */
async function claimFormToken(
  trx: Trx,
  claim: FormTokenClaim,
  lead: NewContactLead,
): Promise<boolean> {
  const fingerprint = fingerprintOf(claim, lead);
  const inserted = await trx
    .insertInto("form_token_uses")
    .values({
      token_hash: claim.hash,
      fingerprint,
      expires_at: claim.expiresAt.toISOString(),
    })
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const used = await trx
    .selectFrom("form_token_uses")
    .select("fingerprint")
    .where("token_hash", "=", claim.hash)
    .executeTakeFirst();
  return used?.fingerprint === fingerprint;
}

/** Forgets tokens past their expiry: they are judged by their age from then on. */
export async function purgeUsedFormTokens(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("form_token_uses")
    .where("expires_at", "<", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const sourceColumns = (source: LeadSource | undefined) => ({
  referrer: source?.referrer ?? null,
  utm_source: source?.utmSource ?? null,
  utm_medium: source?.utmMedium ?? null,
  utm_campaign: source?.utmCampaign ?? null,
  source: source?.source ?? null,
});

/** The row kept for the same e-mail and message within the last ten minutes, if any. */
function sameMessageLately(
  trx: Trx,
  table: "leads" | "spam_leads",
  lead: NewContactLead,
  now: Date,
): Promise<{ id: string } | undefined> {
  const since = new Date(now.getTime() - repeatWindowMs).toISOString();
  return trx
    .selectFrom(table)
    .select("id")
    .where("email", "=", lead.email)
    .where("created_at", ">=", since)
    .where("message", "=", lead.message)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Joins the visitor's earlier lead: still a lead (not spam, not erased) and the same address,
 * so a pass forwarded to someone else who types their own address makes a lead of its own.
 * A new message is added under the first, so the owner reads both in one place; the lead
 * counts as changed (the tracker's live list and an edit open elsewhere both see it).
 */
async function joinLead(
  trx: Trx,
  leadId: string,
  lead: NewContactLead,
  now: Date,
): Promise<boolean> {
  const earlier = await trx
    .selectFrom("leads")
    .select(["message"])
    .where("id", "=", leadId)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", lead.email.toLowerCase()))
    .executeTakeFirst();
  if (!earlier) return false;
  const added = lead.message && lead.message !== earlier.message ? lead.message : "";
  // Within the one limit every message keeps, whatever the two add up to.
  const message = (
    !added ? earlier.message : earlier.message ? `${earlier.message}\n\n${added}` : added
  ).slice(0, limits.message);
  await trx
    .updateTable("leads")
    .set({ message, updated_at: now.toISOString() })
    .where("id", "=", leadId)
    .execute();
  return true;
}

/** Keeps a submission as spam, for review; the same e-mail and message within ten minutes once. */
async function insertSpam(
  trx: Trx,
  lead: NewContactLead,
  reason: SpamReason,
  hash: string | null,
  now: Date,
): Promise<ContactLeadResult> {
  const repeat = await sameMessageLately(trx, "spam_leads", lead, now);
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
      entry_page: lead.entryPage ?? null,
      ...sourceColumns(lead.source),
      reason,
      message_hash: hash,
      created_at: at,
      flagged_at: at,
    })
    .execute();
  return { id, duplicate: false, spam: reason };
}

/** A lead as the API shows it, read in the transaction that wrote it. */
const storedLead = async (trx: Trx, id: string) =>
  toLeadRecord(
    await trx.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
  );

/** The same email and message within ten minutes (a double click, a retry) is stored once. */
export async function insertContactLead(
  trx: Trx,
  {
    lead,
    now = new Date(),
    notify = false,
    join = null,
    autoReply = null,
    storeRepeatOnce = true,
  }: ContactLeadWrite,
): Promise<ContactLeadResult> {
  const hash = messageHash(lead.message);
  const spam =
    lead.spam ??
    (lead.formToken && !(await claimFormToken(trx, lead.formToken, lead))
      ? "reused-token"
      : null) ??
    ((await repeatsSpam(trx, hash)) ? "repeat" : null);
  if (spam) return insertSpam(trx, lead, spam, hash, now);
  if (join && (await joinLead(trx, join, lead, now)))
    return { id: join, duplicate: true, spam: null };
  const repeat = storeRepeatOnce ? await sameMessageLately(trx, "leads", lead, now) : undefined;
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
      entry_page: lead.entryPage ?? null,
      ...sourceColumns(lead.source),
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (notify) await enqueueLeadNotification(trx, id, now);
  // Round-robin's turn (docs/team.md, "Whose lead is it"), taken in this transaction.
  const owner = await assignOnArrival(trx, id, now);
  if (owner) await enqueueAssignmentEmail(trx, { leadIds: [id], userId: owner.id, by: null, now });
  await enqueueWebhookEvent(trx, "lead.created", await storedLead(trx, id), now);
  if (autoReply && (await claimAutoReply(trx, lead.email, now)))
    await queueMessage(trx, {
      leadId: id,
      kind: "auto-reply",
      from: autoReply.from,
      subject: autoReply.subject,
      text: autoReply.textFor(id),
      host: autoReply.host,
      now,
    });
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
