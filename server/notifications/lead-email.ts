import { dateTimeLabel } from "../../domain/dates.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";

/** Header values come from visitors: no line breaks may survive into them (header injection). */
export const oneLine = (value: string, max = 200) =>
  value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .trim()
    .slice(0, max);

/** Text for an e-mail's HTML part: what a visitor typed can never become markup there. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type OutgoingEmail = {
  from: { name: string; address: string };
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** An HTML alternative to `text`, for mail programs that show it. */
  html?: string;
  messageId: string;
  /** An iCalendar invite (REQUEST) or cancellation (CANCEL), sent as text/calendar. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  /** Threading (RFC 5322): the message this answers, and the thread's Message-IDs. */
  inReplyTo?: string;
  references?: string[];
  /** Further headers, fixed by this server (Auto-Submitted); never a visitor's text. */
  headers?: Record<string, string>;
};

/**
 * The tracker with this lead open (`?lead=<ID>`, which the tracker reads): what every e-mail
 * links to, so a click lands on the lead itself, not on a list to search.
 */
export const leadUrl = (siteUrl: string, id: string) =>
  `${siteUrl}/admin/leads?lead=${encodeURIComponent(id)}`;

/**
 * The owner's notification for one lead. It goes only to NOTIFY_EMAIL; the visitor's
 * (validated) address is the Reply-To, never a recipient. The Message-ID is derived from
 * the lead, so a retry after an uncertain failure is recognisable as the same message.
 */
export function leadNotification(
  lead: StoredLead,
  {
    notifyEmail,
    siteUrl,
    timeZone = "UTC",
    now = new Date(),
  }: { notifyEmail: string; siteUrl: string; timeZone?: string; now?: Date },
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
      // On the owner's clock, read at a glance; the year only when it is not this year's (a
      // lead brought back from Spam keeps its arrival time).
      `Received: ${dateTimeLabel(lead.CreatedAt, timeZone, now)}`,
      `Lead: ${leadUrl(siteUrl, lead.ID)}`,
      "",
      "Reply to this email to answer them directly.",
    ].join("\n"),
  };
}
