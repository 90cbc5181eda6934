import { createHash } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { LeadMessage } from "../../domain/conversation.ts";
import type { Db } from "../db/connect.ts";
import { type Database, type LeadMessagesTable, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import type { Actor } from "../leads/lead-updates.repository.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";

/**
 * All SQL for conversations: messages out (through the outbox), the instant reply's daily mark,
 * erasure and Spam. Replies coming in are in replies.repository.ts, a conversation's pages in
 * conversation-pages.repository.ts.
 */

type Trx = Transaction<Database>;

/** At most this many Message-IDs in References: the thread's first and its latest ones. */
const maxReferences = 20;

export const messageRecordOf = (row: Selectable<LeadMessagesTable>): LeadMessage => ({
  ID: row.id,
  direction: row.direction,
  kind: row.kind,
  from: row.from_address,
  to: row.to_address,
  subject: row.subject,
  text: row.body,
  at: toIso(row.created_at),
  status: row.status,
  error: row.error,
  attachments: row.attachments ? JSON.parse(row.attachments) : [],
});

/**
 * What a new message in this lead's thread answers (In-Reply-To: the visitor's latest reply,
 * else our latest message) and the thread it belongs to (References, oldest first: the first
 * and the latest few when the thread is long).
 */
async function threadOf(trx: Trx, leadId: string) {
  const rows = await trx
    .selectFrom("lead_messages")
    .select(["message_id", "direction"])
    .where("lead_id", "=", leadId)
    .where("status", "<>", "failed")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const ids = rows.map((row) => row.message_id);
  const lastIn = rows.filter((row) => row.direction === "in").at(-1);
  const inReplyTo = lastIn?.message_id ?? ids.at(-1) ?? null;
  const references =
    ids.length > maxReferences ? [ids[0] ?? "", ...ids.slice(-(maxReferences - 1))] : ids;
  return { inReplyTo, references };
}

export type OutgoingMessage = {
  leadId: string;
  kind: "auto-reply" | "message";
  from: string;
  subject: string;
  text: string;
  /** The host in its Message-ID (the site's). */
  host: string;
  now: Date;
};

/**
 * Queues a message to the lead in the caller's transaction: the conversation's row (queued),
 * threaded on what came before, and its outbox row. Undefined when the lead is gone.
 */
export async function queueMessage(trx: Trx, message: OutgoingMessage) {
  const lead = await trx
    .selectFrom("leads")
    .select(["email", "comm_status"])
    .where("id", "=", message.leadId)
    .executeTakeFirst();
  if (!lead) return undefined;
  const id = uuidv7(message.now.getTime());
  const at = message.now.toISOString();
  const thread = await threadOf(trx, message.leadId);
  const row = {
    id,
    lead_id: message.leadId,
    direction: "out" as const,
    kind: message.kind,
    from_address: message.from,
    to_address: lead.email,
    subject: message.subject,
    body: message.text,
    message_id: `<msg-${id}@${message.host}>`,
    in_reply_to: thread.inReplyTo,
    references_header: thread.references.length ? thread.references.join(" ") : null,
    status: "queued" as const,
    error: null,
    attachments: null,
    created_at: at,
    sent_at: null,
  };
  await trx.insertInto("lead_messages").values(row).execute();
  await enqueueOutbox(trx, {
    kind: "lead-message",
    leadId: message.leadId,
    dedupeKey: `message:${id}`,
    payload: { messageId: id },
    now: message.now,
  });
  return { row, commStatus: lead.comm_status };
}

/**
 * The owner's message to a lead, in one transaction: queued for sending and, when it is the
 * lead's first answer (still UNREAD), the lead moved to REPLIED, recorded in its history as
 * done by sending (and so counted as its first response). Undefined when the lead is gone.
 */
export async function sendMessage(
  db: Db,
  message: Omit<OutgoingMessage, "kind">,
  actor: Actor,
): Promise<{ message: LeadMessage; replied: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const queued = await queueMessage(trx, { ...message, kind: "message" });
    if (!queued) return undefined;
    const replied = await moveCommStatus(trx, message.leadId, {
      from: "UNREAD",
      to: "REPLIED",
      actor,
      via: "sending",
      now: message.now,
    });
    return { message: messageRecordOf(queued.row), replied };
  });
}

/**
 * Moves a lead's CommStatus from one value to another, only if it still has the first (two
 * sends, or two replies, at once move it once), with a history line saying how.
 */
export async function moveCommStatus(
  trx: Trx,
  leadId: string,
  {
    from,
    to,
    actor,
    via,
    now,
  }: { from: string; to: string; actor: Actor; via: "sending" | "reply"; now: Date },
): Promise<boolean> {
  const at = now.toISOString();
  const moved = await trx
    .updateTable("leads")
    .set({ comm_status: to, updated_at: at })
    .where("id", "=", leadId)
    .where("comm_status", "=", from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("lead_events")
    .values({
      id: uuidv7(now.getTime()),
      lead_id: leadId,
      actor_id: actor.id,
      actor_email: actor.email,
      field: "CommStatus",
      from_value: from,
      to_value: to,
      created_at: at,
      via,
    })
    .execute();
  return true;
}

/** A failed message queued again, with a new outbox row; false unless it had failed. */
export async function retryMessage(
  db: Db,
  { leadId, messageId, now }: { leadId: string; messageId: string; now: Date },
): Promise<LeadMessage | "not-failed" | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("lead_messages")
      .selectAll()
      .where("id", "=", messageId)
      .where("lead_id", "=", leadId)
      .where("direction", "=", "out")
      .executeTakeFirst();
    if (!row) return undefined;
    const retried = await trx
      .updateTable("lead_messages")
      .set({ status: "queued", error: null })
      .where("id", "=", messageId)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(retried.numUpdatedRows) !== 1) return "not-failed";
    await enqueueOutbox(trx, {
      kind: "lead-message",
      leadId,
      dedupeKey: `message:${messageId}:${now.toISOString()}`,
      payload: { messageId },
      now,
    });
    return messageRecordOf({ ...row, status: "queued", error: null });
  });
}

/** A queued message, with what its e-mail needs (the outbox reads it when sending). */
export async function messageToSend(db: Db, id: string) {
  return db
    .selectFrom("lead_messages")
    .selectAll()
    .where("id", "=", id)
    .where("direction", "=", "out")
    .executeTakeFirst();
}

/** The outbox's news about a message: sent, failed for good, or failed for now (retried). */
export async function recordDelivery(
  db: Db,
  id: string,
  outcome: { sent: Date } | { failed: string; final: boolean },
): Promise<void> {
  await db
    .updateTable("lead_messages")
    .set(
      "sent" in outcome
        ? { status: "sent", sent_at: outcome.sent.toISOString(), error: null }
        : outcome.final
          ? { status: "failed", error: outcome.failed.slice(0, 500) }
          : { error: outcome.failed.slice(0, 500) },
    )
    .where("id", "=", id)
    .where("status", "=", "queued")
    .execute();
}

/** The keyed fingerprint of an address for the instant reply's once-a-day rule. */
export const addressHash = (email: string) =>
  createHash("sha256").update(`auto-reply:${email.trim().toLowerCase()}`).digest("base64url");

/**
 * Whether this address may have an instant reply now: at most one per 24 hours. Claimed in
 * the caller's transaction by one statement, so two leads from one address at once get one.
 */
export async function claimAutoReply(trx: Trx, email: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const claimed = await trx
    .insertInto("auto_replies")
    .values({ address_hash: addressHash(email), sent_at: at })
    .onConflict((oc) =>
      oc
        .column("address_hash")
        .doUpdateSet({ sent_at: at })
        .where("auto_replies.sent_at", "<", since),
    )
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A lead's conversation erased with it: its messages, and its address's instant-reply mark. */
export async function eraseConversation(trx: Trx, leadId: string, email: string | undefined) {
  await trx.deleteFrom("lead_messages").where("lead_id", "=", leadId).execute();
  if (email)
    await trx.deleteFrom("auto_replies").where("address_hash", "=", addressHash(email)).execute();
}

/** The owner has read the lead's replies. */
export async function markRepliesRead(db: Db, leadId: string): Promise<boolean> {
  const lead = await db
    .updateTable("leads")
    .set({ reply_unread_at: null })
    .where("id", "=", leadId)
    .executeTakeFirst();
  return Number(lead.numUpdatedRows) === 1;
}

// ——— A lead moved to Spam and back ———

type KeptConversation = {
  messages: Array<
    Omit<Selectable<LeadMessagesTable>, "created_at" | "sent_at"> & {
      created_at: string;
      sent_at: string | null;
    }
  >;
  replyUnreadAt: string | null;
};

/**
 * Takes a lead's conversation out, as JSON for its spam row (null when there is none): a
 * message still waiting to go is kept as failed (its e-mail is dropped with the lead's
 * pending ones), so after Not spam the owner can send it again.
 */
export async function takeConversation(
  trx: Trx,
  leadId: string,
  replyUnreadAt: string | Date | null,
): Promise<string | null> {
  const rows = await trx
    .deleteFrom("lead_messages")
    .where("lead_id", "=", leadId)
    .returningAll()
    .execute();
  if (rows.length === 0) return null;
  const kept: KeptConversation = {
    messages: rows
      .map((row) => ({
        ...row,
        ...(row.status === "queued"
          ? { status: "failed" as const, error: "Not sent: the lead was moved to Spam." }
          : {}),
        created_at: toIso(row.created_at),
        sent_at: row.sent_at ? toIso(row.sent_at) : null,
      }))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)),
    replyUnreadAt: replyUnreadAt ? toIso(replyUnreadAt) : null,
  };
  return JSON.stringify(kept);
}

/** Puts a kept conversation back; answers the unread reply's time it had. */
export async function putConversationBack(trx: Trx, json: string | null): Promise<string | null> {
  if (!json) return null;
  let kept: KeptConversation;
  try {
    kept = JSON.parse(json) as KeptConversation;
  } catch {
    return null; // never written by us
  }
  for (let at = 0; at < kept.messages.length; at += 200)
    await trx
      .insertInto("lead_messages")
      .values(kept.messages.slice(at, at + 200))
      .onConflict((oc) => oc.column("message_id").doNothing())
      .execute();
  return kept.replyUnreadAt;
}
