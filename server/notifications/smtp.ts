import nodemailer from "nodemailer";
import { leaseMs } from "./outbox.repository.ts";
import type { SendEmail } from "./outbox.ts";

/**
 * Time limits for one send, well inside the outbox's lease (two minutes by default): a send
 * that outlived the lease would let another instance claim the row and send it again. They
 * scale with the lease (20 s, 20 s and 45 s for two minutes). nodemailer reads options from
 * the URL's query; ones the URL sets itself are kept.
 */
export const smtpTimeoutsFor = (lease: number) =>
  Object.freeze({
    connectionTimeout: Math.round(lease / 6),
    greetingTimeout: Math.round(lease / 6),
    socketTimeout: Math.round((lease * 3) / 8),
  });

export const smtpTimeouts = smtpTimeoutsFor(leaseMs);

export function withTimeouts(smtpUrl: string, lease = leaseMs): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(smtpTimeoutsFor(lease)))
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

/** A SendEmail over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpSender(
  smtpUrl: string,
  lease = leaseMs,
): { send: SendEmail; close: () => void } {
  const transport = nodemailer.createTransport(withTimeouts(smtpUrl, lease));
  return {
    send: async (email) => {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.calendar
          ? {
              icalEvent: {
                method: email.calendar.method,
                filename: email.calendar.method === "CANCEL" ? "cancel.ics" : "invite.ics",
                content: email.calendar.content,
              },
            }
          : {}),
        messageId: email.messageId,
        ...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
        ...(email.references?.length ? { references: email.references } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        // Only the addressee receives it, whatever the headers say.
        envelope: { from: email.from.address, to: [email.to] },
      });
    },
    close: () => transport.close(),
  };
}
