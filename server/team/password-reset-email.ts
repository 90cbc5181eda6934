import { passwordResetMinutes } from "../../domain/account.ts";
import { dateTimeLabel } from "../../domain/dates.ts";
import { site } from "../../domain/site.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import { passwordResetToken } from "./password-reset-token.ts";
import {
  findPasswordReset,
  type PasswordResetEmailPayload,
  passwordResetClosed,
  passwordResetKind,
} from "./password-resets.repository.ts";

/** The reset e-mail: the link, how long it works, and what to do if it was not you. */
export function passwordResetEmail(input: {
  to: string;
  link: string;
  expiresAt: Date;
  from: string;
  timeZone: string;
  now: Date;
  messageId: string;
}): OutgoingEmail {
  const lines = [
    `Someone (we hope you) asked to choose a new password for your ${site.name} account.`,
    "",
    `Choose it here: ${input.link}`,
    "",
    `The link works once, for ${passwordResetMinutes} minutes (until ${dateTimeLabel(input.expiresAt.toISOString(), input.timeZone, input.now)}). Using it signs out every device signed in to your account. If two-factor sign-in is on, logging in still asks for a code.`,
    "",
    "If you did not ask, ignore this e-mail: your password stays as it is.",
  ];
  return {
    from: { name: site.name, address: input.from },
    to: input.to,
    subject: oneLine(`Choose a new password for ${site.name}`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: input.messageId,
  };
}

/**
 * The outbox's reset e-mails. The link is made now from the key and the row's nonce; a link
 * used or expired meanwhile sends nothing, so an old link never goes out late.
 */
export const passwordResetOutbox = (key: Uint8Array | undefined): OutboxKinds => ({
  [passwordResetKind]: async (row, { db, notifyEmail, siteUrl, timeZone, now }) => {
    if (!key) return { skip: "no key to make the link with" };
    const payload = JSON.parse(row.payload) as PasswordResetEmailPayload;
    const reset = await findPasswordReset(db, payload.resetId);
    if (!reset) return { skip: "the account is gone" };
    if (reset.nonce !== payload.nonce) return { skip: "the link changed" };
    const closed = passwordResetClosed(reset, now);
    if (closed) return { skip: `the link is ${closed}` };
    const host = new URL(siteUrl).hostname || "localhost";
    return {
      email: passwordResetEmail({
        to: reset.email,
        link: `${siteUrl}/reset-password/${passwordResetToken(key, reset.id, reset.nonce)}`,
        expiresAt: new Date(reset.expires_at),
        from: notifyEmail,
        timeZone,
        now,
        messageId: `<password-reset-${reset.id}@${host}>`,
      }),
    };
  },
});
