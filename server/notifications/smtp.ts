import nodemailer from "nodemailer";
import type { SendEmail } from "./outbox.ts";

/**
 * Time limits for one send, well inside the outbox's two-minute lease: a send that outlived
 * the lease would let another instance claim the row and send it again. nodemailer reads
 * options from the URL's query; ones the URL sets itself are kept.
 */
export const smtpTimeouts = Object.freeze({
  connectionTimeout: 20_000,
  greetingTimeout: 20_000,
  socketTimeout: 45_000,
});

export function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(smtpTimeouts))
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

/** A SendEmail over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpSender(smtpUrl: string): { send: SendEmail; close: () => void } {
  const transport = nodemailer.createTransport(withTimeouts(smtpUrl));
  return {
    send: async (email) => {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        messageId: email.messageId,
        // Only the owner receives it, whatever the headers say.
        envelope: { from: email.from.address, to: [email.to] },
      });
    },
    close: () => transport.close(),
  };
}
