import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";
import { uuidv7Time } from "../db/uuid.ts";
import { leadOwnerEmail } from "../leads/lead-assignment.ts";
import { findLead } from "../leads/lead-lists.repository.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { leadUrl, type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import { receivedReply, replyNoticeKind } from "./replies.repository.ts";

/**
 * "Ana Lopes replied": the e-mail that tells a lead's owner their visitor wrote back
 * (docs/team.md, "The morning digest and replies"). Queued with the reply's import
 * (replies.repository.ts), made here when it is sent.
 */

/** How much of the reply the e-mail quotes; the rest is in the lead's conversation. */
const excerptLength = 300;

/**
 * A notice still unsent after this long is dropped: the reply is old news by then, and the
 * morning digest lists the replies not yet read.
 */
const replyNewsMs = 24 * 60 * 60 * 1000;

/** The reply's start, on one line, with an ellipsis when there is more. */
export function replyExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength).trimEnd()}…` : flat;
}

/** The e-mail to the lead's owner: who replied, the start of what they wrote, the link. */
export function replyNoticeEmail(
  lead: Pick<StoredLead, "ID" | "FirstName" | "LastName">,
  text: string,
  input: { to: string; from: string; siteUrl: string; messageId: string },
): OutgoingEmail {
  const name = oneLine(`${lead.FirstName} ${lead.LastName}`, 120) || "Your lead";
  const excerpt = replyExcerpt(text);
  const lines = [
    `${name} replied to the studio's message.`,
    "",
    excerpt ? `> ${excerpt}` : "(The reply has no text.)",
    "",
    `Read it and answer in the lead's conversation: ${leadUrl(input.siteUrl, lead.ID)}`,
  ];
  return {
    from: { name: site.name, address: input.from },
    to: input.to,
    subject: oneLine(`${name} replied`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: input.messageId,
  };
}

/**
 * The outbox's reply notices, made when sent: nothing when the lead or the reply is gone, the
 * lead is someone else's now, its owner has left the team, or the reply was read already.
 */
export const replyNoticeOutbox: OutboxKinds = {
  [replyNoticeKind]: async (row, { db, notifyEmail, siteUrl, now }) => {
    if (now.getTime() - uuidv7Time(row.id) > replyNewsMs) return { skip: "too late" };
    const { userId, messageId } = JSON.parse(row.payload) as { userId: string; messageId: string };
    const reply = await receivedReply(db, messageId);
    const lead = reply ? await findLead(db, reply.leadId) : undefined;
    if (!reply || !lead) return { skip: "the lead or the reply is gone" };
    if (lead.AssignedTo !== userId) return { skip: "the lead is someone else's now" };
    if (!lead.ReplyUnreadAt) return { skip: "read already" };
    const to = await leadOwnerEmail(db, userId);
    if (!to) return { skip: "they are no longer on the team" };
    const host = new URL(siteUrl).hostname || "localhost";
    return {
      email: replyNoticeEmail(lead, reply.text, {
        to,
        from: notifyEmail,
        siteUrl,
        messageId: `<reply-notice-${row.id}@${host}>`,
      }),
    };
  },
};
