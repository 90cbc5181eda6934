import type { MeetingRecord } from "../../domain/booking.ts";
import { type CalendarDate, dayLabel, waitedFor } from "../../domain/dates.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";
import {
  escapeHtml,
  leadUrl,
  type OutgoingEmail,
  oneLine,
} from "../notifications/outgoing-email.ts";

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
  /** The day's booked calls, earliest first. */
  readonly meetings?: readonly MeetingRecord[];
  /** Leads whose visitor wrote back and the owner has not read it, oldest reply first. */
  readonly replies?: readonly StoredLead[];
  readonly repliesCount?: number;
};

export const isEmptyDigest = (content: DigestContent) =>
  content.unreadCount +
    content.overdueCount +
    content.dueTodayCount +
    (content.meetings?.length ?? 0) +
    (content.repliesCount ?? 0) ===
  0;

/** Who a digest line is about: a lead, or the lead of a call. */
type DigestItem = Pick<StoredLead, "ID" | "FirstName" | "LastName" | "Email">;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "10:00 AM" on the owner's clock. */
const timeOfDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
    .format(new Date(iso))
    .replace("\u202f", " ");

/**
 * The owner's morning e-mail: new unread leads with how long they have waited, follow-ups
 * overdue and due today, each with a link to the lead. A plain-text part and an HTML part; the
 * subject carries the counts, so the inbox alone says whether it can wait. The Message-ID is
 * the date's, so a retry after an uncertain failure is recognisable as the same message.
 */
export function digestEmail(
  content: DigestContent,
  {
    notifyEmail,
    siteUrl,
    now,
    timeZone = "UTC",
  }: { notifyEmail: string; siteUrl: string; now: Date; timeZone?: string },
): OutgoingEmail {
  const host = new URL(siteUrl).hostname || "localhost";
  const calls = content.meetings ?? [];
  const counts = [
    calls.length ? plural(calls.length, "call", "calls") : "",
    content.repliesCount ? plural(content.repliesCount, "reply", "replies") : "",
    content.unreadCount ? plural(content.unreadCount, "new lead", "new leads") : "",
    content.overdueCount ? `${content.overdueCount} overdue` : "",
    content.dueTodayCount ? `${content.dueTodayCount} due today` : "",
  ].filter(Boolean);
  const callTimes = new Map(
    calls.map((call) => [call.LeadID, timeOfDay(call.start, timeZone)] as const),
  );
  const all: Array<{
    title: string;
    leads: readonly DigestItem[];
    total: number;
    detail: (lead: DigestItem & Partial<StoredLead>) => string;
  }> = [
    {
      title: "Calls today",
      leads: calls.map((call) => ({
        ID: call.LeadID,
        FirstName: call.FirstName,
        LastName: call.LastName,
        Email: call.Email,
      })),
      total: calls.length,
      detail: (lead) => `at ${callTimes.get(lead.ID) ?? "a time in the tracker"}`,
    },
    {
      title: "Replies, not yet read",
      leads: content.replies ?? [],
      total: content.repliesCount ?? 0,
      detail: (lead) =>
        `wrote back ${lead.ReplyUnreadAt ? `${waitedFor(lead.ReplyUnreadAt, now)} ago` : "lately"}`,
    },
    {
      title: "New leads, not yet read",
      leads: content.unread,
      total: content.unreadCount,
      detail: (lead) => `waiting ${lead.CreatedAt ? waitedFor(lead.CreatedAt, now) : ""}`,
    },
    {
      title: "Follow-ups overdue",
      leads: content.overdue,
      total: content.overdueCount,
      detail: (lead) =>
        `was due ${lead.NextFollowUp ? dayLabel(lead.NextFollowUp, content.date) : "earlier"}`,
    },
    {
      title: "Follow-ups due today",
      leads: content.dueToday,
      total: content.dueTodayCount,
      detail: () => "due today",
    },
  ];
  const sections = all.filter((section) => section.total > 0);

  const name = (lead: DigestItem) => oneLine(`${lead.FirstName} ${lead.LastName}`, 120);
  // Days as the tracker says them ("Mon, Nov 23"), never as the database keeps them.
  const day = dayLabel(content.date);
  const text = [
    `Good morning. Here is where the leads stand on ${day}.`,
    "",
    ...sections.flatMap((section) => [
      `${section.title} (${section.total})`,
      ...section.leads.map(
        (lead) =>
          `- ${name(lead)} <${lead.Email}>, ${section.detail(lead)}\n  ${leadUrl(siteUrl, lead.ID)}`,
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
<p style="margin:0 0 16px">Good morning. Here is where the leads stand on <strong>${escapeHtml(day)}</strong>.</p>
${sections
  .map(
    (
      section,
    ) => `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(section.title)} (${section.total})</h2>
<ul style="margin:0;padding-left:20px">
${section.leads
  .map(
    (lead) =>
      `<li style="margin:0 0 6px"><a href="${escapeHtml(leadUrl(siteUrl, lead.ID))}" style="color:#b3400f;font-weight:600">${escapeHtml(name(lead))}</a> &lt;${escapeHtml(lead.Email)}&gt;, ${escapeHtml(section.detail(lead))}</li>`,
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
