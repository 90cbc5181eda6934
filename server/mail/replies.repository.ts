import type { Transaction } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { leadOwnerRoles } from "../leads/lead-assignment.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import { enqueueWebhookEvent } from "../webhooks/webhooks.repository.ts";
import { moveCommStatus } from "./messages.repository.ts";

/**
 * All SQL for replies coming in from the mailbox: which lead each is for, its import, and the
 * e-mail that tells the lead's owner.
 */

/** The outbox kind of "a visitor replied" to the lead's owner (reply-notice.ts). */
export const replyNoticeKind = "reply-to-owner";

export type LeadMatch = { leadId: string; rule: "thread" | "token" | "sender" };

/**
 * Which lead a message that came in belongs to, by the first rule that finds one: it answers
 * a message we sent (In-Reply-To or References name one of our own Message-IDs, which only
 * its recipients have seen), it was sent to a lead's Reply-To token, or its sender is a
 * lead's address (the most recent such lead). The last rule rests on a From anyone can write:
 * the watcher checks what the message's mail server said of it before it joins
 * (docs/conversations.md, "How threading works"). Undefined: not a lead's.
 */
export async function leadForIncoming(
  db: Db,
  {
    referenced,
    tokenLeadIds,
    sender,
  }: { referenced: string[]; tokenLeadIds: string[]; sender: string | null },
): Promise<LeadMatch | undefined> {
  if (referenced.length) {
    const ours = await db
      .selectFrom("lead_messages")
      .select("lead_id")
      .where("message_id", "in", referenced.slice(0, 100))
      .where("direction", "=", "out")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (ours) return { leadId: ours.lead_id, rule: "thread" };
  }
  if (tokenLeadIds.length) {
    const lead = await db
      .selectFrom("leads")
      .select("id")
      .where("id", "in", tokenLeadIds)
      .executeTakeFirst();
    if (lead) return { leadId: lead.id, rule: "token" };
    // A token of a lead merged into another: the reply belongs to the kept lead (ADR 041).
    const redirect = await db
      .selectFrom("lead_redirects")
      .select("kept_id")
      .where("old_id", "in", tokenLeadIds)
      .executeTakeFirst();
    if (redirect) return { leadId: redirect.kept_id, rule: "token" };
  }
  if (sender) {
    const lead = await db
      .selectFrom("leads")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", sender.toLowerCase()))
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (lead) return { leadId: lead.id, rule: "sender" };
  }
  return undefined;
}

export type IncomingReply = {
  leadId: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ name: string; size: number }>;
  at: Date;
};

/**
 * A reply joins its lead's conversation, once whatever restarts or instances do (its
 * Message-ID is unique): the lead has an unread reply, counts as changed, and moves from
 * REPLIED to CONVERSING. When the lead has an owner still on the team, an e-mail to them is
 * queued in the same transaction, once for the reply (docs/team.md, "The morning digest and
 * replies"); a lead of no one's tells no one, as before owners. False when it was already there.
 */
export async function importReply(db: Db, reply: IncomingReply, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("lead_messages")
      .values({
        id: uuidv7(now.getTime()),
        lead_id: reply.leadId,
        direction: "in",
        kind: "reply",
        from_address: reply.from,
        to_address: reply.to,
        subject: reply.subject,
        body: reply.text,
        message_id: reply.messageId,
        in_reply_to: reply.inReplyTo,
        references_header: reply.references.length ? reply.references.join(" ") : null,
        status: "received",
        error: null,
        attachments: JSON.stringify(reply.attachments),
        created_at: reply.at.toISOString(),
        sent_at: null,
      })
      .onConflict((oc) => oc.column("message_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    // The message as the conversation API shows it (LeadMessage), with its lead's ID.
    await enqueueWebhookEvent(
      trx,
      "message.received",
      {
        LeadID: reply.leadId,
        direction: "in",
        kind: "reply",
        from: reply.from,
        to: reply.to,
        subject: reply.subject,
        text: reply.text,
        at: reply.at.toISOString(),
        attachments: reply.attachments,
      },
      now,
    );
    await trx
      .updateTable("leads")
      .set({ reply_unread_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", reply.leadId)
      .execute();
    await moveCommStatus(trx, reply.leadId, {
      from: "REPLIED",
      to: "CONVERSING",
      actor: { id: null, email: reply.from },
      via: "reply",
      now,
    });
    await enqueueReplyNotice(trx, reply, now);
    return true;
  });
}

/** Queues "they replied" for the lead's owner, if it has one who may still own leads. */
async function enqueueReplyNotice(trx: Transaction<Database>, reply: IncomingReply, now: Date) {
  const owner = await trx
    .selectFrom("leads")
    .innerJoin("users", "users.id", "leads.assigned_to")
    .select("users.id")
    .where("leads.id", "=", reply.leadId)
    .where("users.role", "in", leadOwnerRoles)
    .executeTakeFirst();
  if (!owner) return;
  await enqueueOutbox(trx, {
    kind: replyNoticeKind,
    // Erasing the lead takes the e-mail along.
    leadId: reply.leadId,
    dedupeKey: reply.messageId,
    payload: { userId: owner.id, messageId: reply.messageId },
    now,
  });
}

/** A reply that came in, by its Message-ID: its lead and its words as stored. */
export async function receivedReply(
  db: Db,
  messageId: string,
): Promise<{ leadId: string; text: string } | undefined> {
  const row = await db
    .selectFrom("lead_messages")
    .select(["lead_id", "body"])
    .where("message_id", "=", messageId)
    .where("direction", "=", "in")
    .executeTakeFirst();
  return row ? { leadId: row.lead_id, text: row.body } : undefined;
}
