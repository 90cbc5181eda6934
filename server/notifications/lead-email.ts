import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";

/** Header values come from visitors: no line breaks may survive into them (header injection). */
export const oneLine = (value: string, max = 200) =>
  value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .trim()
    .slice(0, max);

export type OutgoingEmail = {
  from: { name: string; address: string };
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** An HTML alternative to `text`, for mail programs that show it. */
  html?: string;
  messageId: string;
};

/**
 * The owner's notification for one lead. It goes only to NOTIFY_EMAIL; the visitor's
 * (validated) address is the Reply-To, never a recipient. The Message-ID is derived from
 * the lead, so a retry after an uncertain failure is recognisable as the same message.
 */
export function leadNotification(
  lead: StoredLead,
  { notifyEmail, siteUrl }: { notifyEmail: string; siteUrl: string },
): OutgoingEmail {
  const name = oneLine(`${lead.FirstName} ${lead.LastName}`);
  const host = new URL(siteUrl).hostname || "localhost";
  return {
    from: { name: `${site.name} website`, address: notifyEmail },
    to: notifyEmail,
    replyTo: { name, address: lead.Email },
    subject: oneLine(`New lead: ${name}`),
    messageId: `<lead-${lead.ID}@${host}>`,
    text: [
      `${name} <${lead.Email}> sent a request through the website.`,
      "",
      lead.Message ? lead.Message : "(No message.)",
      "",
      `Page: ${lead.SourcePage ?? "unknown"}`,
      `Received: ${lead.CreatedAt}`,
      `Lead: ${siteUrl}/admin/leads`,
      "",
      "Reply to this e-mail to answer them directly.",
    ].join("\n"),
  };
}
