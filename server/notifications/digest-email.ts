import { type CalendarDate, waitedFor } from "../../domain/dates.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";
import { type OutgoingEmail, oneLine } from "./lead-email.ts";

/** What the owner should hear about this morning. */
export type DigestContent = {
  readonly date: CalendarDate;
  /** Unread leads, oldest first, and how many there are in all. */
  readonly unread: readonly StoredLead[];
  readonly unreadCount: number;
  readonly overdue: readonly StoredLead[];
  readonly overdueCount: number;
  readonly dueToday: readonly StoredLead[];
  readonly dueTodayCount: number;
};

export const isEmptyDigest = (content: DigestContent) =>
  content.unreadCount + content.overdueCount + content.dueTodayCount === 0;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The lead in the tracker: a search for its e-mail address, which finds it at once. */
export const leadUrl = (siteUrl: string, lead: StoredLead) =>
  `${siteUrl}/admin/leads?q=${encodeURIComponent(lead.Email)}`;

/**
 * The owner's morning e-mail: new unread leads with how long they have waited, follow-ups
 * overdue and due today, each with a link to the lead. A plain-text part and an HTML part; the
 * subject carries the counts, so the inbox alone says whether it can wait. The Message-ID is
 * the date's, so a retry after an uncertain failure is recognisable as the same message.
 */
export function digestEmail(
  content: DigestContent,
  { notifyEmail, siteUrl, now }: { notifyEmail: string; siteUrl: string; now: Date },
): OutgoingEmail {
  const host = new URL(siteUrl).hostname || "localhost";
  const counts = [
    content.unreadCount ? plural(content.unreadCount, "new lead", "new leads") : "",
    content.overdueCount ? `${content.overdueCount} overdue` : "",
    content.dueTodayCount ? `${content.dueTodayCount} due today` : "",
  ].filter(Boolean);
  const sections = [
    {
      title: "New leads, not yet read",
      leads: content.unread,
      total: content.unreadCount,
      detail: (lead: StoredLead) => `waiting ${waitedFor(lead.CreatedAt, now)}`,
    },
    {
      title: "Follow-ups overdue",
      leads: content.overdue,
      total: content.overdueCount,
      detail: (lead: StoredLead) => `was due ${lead.NextFollowUp}`,
    },
    {
      title: "Follow-ups due today",
      leads: content.dueToday,
      total: content.dueTodayCount,
      detail: () => "due today",
    },
  ].filter((section) => section.total > 0);

  const name = (lead: StoredLead) => oneLine(`${lead.FirstName} ${lead.LastName}`, 120);
  const text = [
    `Good morning. Here is where the leads stand on ${content.date}.`,
    "",
    ...sections.flatMap((section) => [
      `${section.title} (${section.total})`,
      ...section.leads.map(
        (lead) =>
          `- ${name(lead)} <${lead.Email}>, ${section.detail(lead)}\n  ${leadUrl(siteUrl, lead)}`,
      ),
      ...(section.total > section.leads.length
        ? [`  …and ${section.total - section.leads.length} more in the tracker.`]
        : []),
      "",
    ]),
    `All leads: ${siteUrl}/admin/leads`,
    "",
    `Sent once a day by the ${site.name} website. Set DIGEST_HOUR=off to stop it.`,
  ].join("\n");

  const html = `<!doctype html><html><body style="font-family:Manrope,Arial,sans-serif;color:#0e1116;background:#f7f5f0;padding:24px">
<p style="margin:0 0 16px">Good morning. Here is where the leads stand on <strong>${escapeHtml(content.date)}</strong>.</p>
${sections
  .map(
    (
      section,
    ) => `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(section.title)} (${section.total})</h2>
<ul style="margin:0;padding-left:20px">
${section.leads
  .map(
    (lead) =>
      `<li style="margin:0 0 6px"><a href="${escapeHtml(leadUrl(siteUrl, lead))}" style="color:#b3400f;font-weight:600">${escapeHtml(name(lead))}</a> &lt;${escapeHtml(lead.Email)}&gt;, ${escapeHtml(section.detail(lead))}</li>`,
  )
  .join("\n")}
</ul>${section.total > section.leads.length ? `\n<p style="margin:6px 0 0">…and ${section.total - section.leads.length} more in the tracker.</p>` : ""}`,
  )
  .join("\n")}
<p style="margin:24px 0 0"><a href="${escapeHtml(`${siteUrl}/admin/leads`)}" style="color:#b3400f;font-weight:600">Open the lead tracker</a></p>
<p style="margin:16px 0 0;color:#56636f;font-size:13px">Sent once a day by the ${escapeHtml(site.name)} website. Set DIGEST_HOUR=off to stop it.</p>
</body></html>`;

  return {
    from: { name: `${site.name} website`, address: notifyEmail },
    to: notifyEmail,
    subject: oneLine(`Leads today: ${counts.join(", ")}`),
    messageId: `<digest-${content.date}@${host}>`,
    text,
    html,
  };
}
