import nodemailer from "nodemailer";
import type { SendEmail } from "./outbox.ts";

/** A SendEmail over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpSender(smtpUrl: string): { send: SendEmail; close: () => void } {
  const transport = nodemailer.createTransport(smtpUrl);
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
