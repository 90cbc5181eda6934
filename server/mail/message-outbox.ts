import type { OutboxKinds } from "../notifications/outbox.ts";
import { conversationEmail } from "./message-email.ts";
import { messageToSend, recordDelivery } from "./messages.repository.ts";
import { replyAddressFor, replyTokenFor } from "./reply-token.ts";

/** Who messages to visitors come from (MAIL_FROM), and where their replies go. */
export type ConversationMail = {
  from: { name: string; address: string };
  /** REPLY_TO, with `{token}` for the lead's token; unset: replies go to `from`. */
  replyTo: string | undefined;
  replyTokenKey: Uint8Array;
};

/** Who an e-mail to a visitor comes from, and where its reply goes. */
export type VisitorSender = {
  from: { name: string; address: string };
  replyTo: { name: string; address: string };
};

/**
 * Every e-mail to a visitor, whatever it is about (a message, a booking, a registration), comes
 * from MAIL_FROM, and its reply goes where REPLY_TO says for the lead it is about, so the
 * answer lands in the mailbox the tracker reads, in that lead's conversation
 * (docs/conversations.md).
 */
export function visitorSender(mail: ConversationMail, leadId: string): VisitorSender {
  const address = mail.replyTo
    ? replyAddressFor(mail.replyTo, replyTokenFor(mail.replyTokenKey, leadId))
    : mail.from.address;
  return { from: mail.from, replyTo: { name: mail.from.name, address } };
}

/**
 * The outbox's messages of a lead's conversation (the instant reply, or the owner's), from
 * MAIL_FROM with the lead's Reply-To, threaded as it was queued. Sent only while it still waits: one sent,
 * or moved to Spam with its lead, is not sent again by a row left behind.
 */
export const conversationOutbox = (mail: ConversationMail | undefined): OutboxKinds => ({
  "lead-message": async (row, { db }) => {
    const { messageId } = JSON.parse(row.payload) as { messageId: string };
    const message = await messageToSend(db, messageId);
    if (!message) return { skip: "the message is gone" };
    if (message.status !== "queued") return { skip: `the message is ${message.status}` };
    if (!mail) throw new Error("MAIL_FROM is not set: there is no address to send from");
    return {
      email: conversationEmail(
        {
          to: message.to_address,
          subject: message.subject,
          text: message.body,
          messageId: message.message_id,
          inReplyTo: message.in_reply_to,
          references: message.references_header?.split(" ").filter(Boolean) ?? [],
          automatic: message.kind === "auto-reply",
        },
        visitorSender(mail, message.lead_id),
      ),
      delivered: (at) => recordDelivery(db, messageId, { sent: at }),
      failed: (error, final) => recordDelivery(db, messageId, { failed: error, final }),
    };
  },
});
