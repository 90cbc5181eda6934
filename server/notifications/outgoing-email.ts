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
