import { site } from "../../domain/site.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import type { OutgoingEmail } from "../notifications/outgoing-email.ts";
import { oneLine } from "../notifications/outgoing-email.ts";

/** Who the visitor's e-mails come from, and where their answers go. */
export type Sender = {
  from: { name: string; address: string };
  /** The Reply-To: REPLY_TO with the lead's token, or MAIL_FROM. */
  replyTo: { name: string; address: string };
};

/**
 * The instant reply to a new lead (RFC 3834: Auto-Submitted, so an out-of-office answers
 * nothing back). It says who we are, when they will hear from us and how to book a call, and
 * never repeats anything the visitor typed, not even their name: the contact form must not
 * become a way to send any text to any address.
 */
export function autoReplyText({ bookingLink }: { bookingLink: string }): string[] {
  return [
    "Hello,",
    "",
    `Thank you for writing to ${site.name}. This is an automatic reply to say your message has reached us.`,
    "",
    "We read every message ourselves and answer within one business day, Monday to Friday.",
    "",
    `If you would rather talk it through, book a free 30-minute call at a time that suits you: ${bookingLink}`,
    "",
    site.name,
    site.tagline,
  ];
}

export const autoReplySubject = `We have your message: ${site.name}`;

/** An e-mail of a conversation, as it goes out: the threading headers carried as they are. */
export function conversationEmail(
  message: {
    to: string;
    subject: string;
    text: string;
    messageId: string;
    inReplyTo: string | null;
    references: string[];
    automatic: boolean;
  },
  sender: Sender,
): OutgoingEmail {
  const lines = message.text.split(/\r?\n/);
  return {
    from: { ...sender.from },
    to: message.to,
    replyTo: { ...sender.replyTo },
    subject: oneLine(message.subject, 300),
    text: message.text,
    html: paragraphsHtml(lines),
    messageId: message.messageId,
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references.length ? { references: message.references } : {}),
    ...(message.automatic
      ? {
          headers: {
            "Auto-Submitted": "auto-replied",
            // Exchange and Outlook: no out-of-office or read receipt in answer to this.
            "X-Auto-Response-Suppress": "All",
          },
        }
      : {}),
  };
}
