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

/** One person's lists of a morning: their leads', or those no one has yet. */
export type DigestLists = {
  /** Unread leads, oldest first, and how many there are in all. */
  readonly unread: readonly StoredLead[];
  readonly unreadCount: number;
  readonly overdue: readonly StoredLead[];
  readonly overdueCount: number;
  readonly dueToday: readonly StoredLead[];
  readonly dueTodayCount: number;
  /** The day's booked calls, earliest first. */
  readonly meetings?: readonly MeetingRecord[];
  /** Leads whose visitor wrote back and no one has read it, oldest reply first. */
  readonly replies?: readonly StoredLead[];
  readonly repliesCount?: number;
};

/**
 * What one person should hear about this morning: what is theirs, and for an owner what is no
 * one's yet (docs/team.md, "The morning digest and replies").
 */
export type DigestContent = DigestLists & {
  readonly date: CalendarDate;
  readonly unassigned?: DigestLists;
};

const countOf = (lists: DigestLists) =>
  lists.unreadCount +
  lists.overdueCount +
  lists.dueTodayCount +
  (lists.meetings?.length ?? 0) +
  (lists.repliesCount ?? 0);

export const isEmptyDigest = (content: DigestContent) =>
  countOf(content) + (content.unassigned ? countOf(content.unassigned) : 0) === 0;

/** Who a digest line is about: a lead, or the lead of a call. */
type DigestItem = Pick<StoredLead, "ID" | "FirstName" | "LastName" | "Email">;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "10:00 AM" on the owner's clock. */
const timeOfDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
    .format(new Date(iso))
    .replace("\u202f", " ");

type Section = {
  title: string;
  leads: readonly DigestItem[];
  total: number;
  detail: (lead: DigestItem & Partial<StoredLead>) => string;
};

/** What a set of lists says in a subject: "1 call, 2 new leads, 1 overdue". */
const countsOf = (lists: DigestLists) =>
  [
    lists.meetings?.length ? plural(lists.meetings.length, "call", "calls") : "",
    lists.repliesCount ? plural(lists.repliesCount, "reply", "replies") : "",
    lists.unreadCount ? plural(lists.unreadCount, "new lead", "new leads") : "",
    lists.overdueCount ? `${lists.overdueCount} overdue` : "",
    lists.dueTodayCount ? `${lists.dueTodayCount} due today` : "",
  ].filter(Boolean);

/** The lists as sections, calls first, leaving out the empty ones. */
function sectionsOf(
  lists: DigestLists,
  { date, now, timeZone }: { date: CalendarDate; now: Date; timeZone: string },
): Section[] {
  const calls = lists.meetings ?? [];
  const callTimes = new Map(
    calls.map((call) => [call.LeadID, timeOfDay(call.start, timeZone)] as const),
  );
  const all: Section[] = [
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
      leads: lists.replies ?? [],
      total: lists.repliesCount ?? 0,
      detail: (lead) =>
        `wrote back ${lead.ReplyUnreadAt ? `${waitedFor(lead.ReplyUnreadAt, now)} ago` : "lately"}`,
    },
    {
      title: "New leads, not yet read",
      leads: lists.unread,
      total: lists.unreadCount,
      detail: (lead) => `waiting ${lead.CreatedAt ? waitedFor(lead.CreatedAt, now) : ""}`,
    },
    {
      title: "Follow-ups overdue",
      leads: lists.overdue,
      total: lists.overdueCount,
      detail: (lead) =>
        `was due ${lead.NextFollowUp ? dayLabel(lead.NextFollowUp, date) : "earlier"}`,
    },
    {
      title: "Follow-ups due today",
      leads: lists.dueToday,
      total: lists.dueTodayCount,
      detail: () => "due today",
    },
  ];
  return all.filter((section) => section.total > 0);
}

const unassignedTitle = "No one's yet";
const unassignedLine = "Leads without an owner: take them, or give them to someone.";

/**
 * One person's morning e-mail (docs/team.md, "The morning digest and replies"): their calls
 * today, unread replies and new leads with how long they have waited, follow-ups overdue and
 * due today, each with a link to the lead; for an owner, the same of the leads no one has yet
 * under "No one's yet". A plain-text part and an HTML part; the subject carries the counts, so
 * the inbox alone says whether it can wait. The Message-ID is the date's and the person's, so
 * a retry after an uncertain failure is recognisable as the same message.
 */
export function digestEmail(
  content: DigestContent,
  {
    to,
    notifyEmail,
    siteUrl,
    now,
    timeZone = "UTC",
  }: {
    to: { id: string; email: string; firstName: string };
    notifyEmail: string;
    siteUrl: string;
    now: Date;
    timeZone?: string;
  },
): OutgoingEmail {
  const host = new URL(siteUrl).hostname || "localhost";
  const context = { date: content.date, now, timeZone };
  const mine = sectionsOf(content, context);
  const noOnes = content.unassigned ? sectionsOf(content.unassigned, context) : [];
  const noOnesCounts = content.unassigned ? countsOf(content.unassigned) : [];
  const counts = [
    countsOf(content).join(", "),
    noOnesCounts.length ? `no one's yet: ${noOnesCounts.join(", ")}` : "",
  ].filter(Boolean);

  const name = (lead: DigestItem) => oneLine(`${lead.FirstName} ${lead.LastName}`, 120);
  // Days as the tracker says them ("Mon, Nov 23"), never as the database keeps them.
  const day = dayLabel(content.date);
  const hello = `Good morning${to.firstName.trim() ? `, ${oneLine(to.firstName, 60)}` : ""}.`;
  const sectionText = (section: Section) => [
    `${section.title} (${section.total})`,
    ...section.leads.map(
      (lead) =>
        `- ${name(lead)} <${lead.Email}>, ${section.detail(lead)}\n  ${leadUrl(siteUrl, lead.ID)}`,
    ),
    ...(section.total > section.leads.length
      ? [`  …and ${section.total - section.leads.length} more in the tracker.`]
      : []),
    "",
  ];
  const footer = `Sent each morning to every owner and member by the ${site.name} website. DIGEST_HOUR=off stops it for everyone.`;
  const text = [
    `${hello} Here is where your leads stand on ${day}.`,
    "",
    ...(mine.length ? mine.flatMap(sectionText) : ["Nothing of yours needs you today.", ""]),
    ...(noOnes.length
      ? [`${unassignedTitle.toUpperCase()}`, unassignedLine, "", ...noOnes.flatMap(sectionText)]
      : []),
    `All leads: ${siteUrl}/admin/leads`,
    "",
    footer,
  ].join("\n");

  const sectionHtml = (section: Section, level: 2 | 3) =>
    `<h${level} style="font-size:${level === 2 ? 18 : 16}px;margin:24px 0 8px">${escapeHtml(section.title)} (${section.total})</h${level}>
<ul style="margin:0;padding-left:20px">
${section.leads
  .map(
    (lead) =>
      `<li style="margin:0 0 6px"><a href="${escapeHtml(leadUrl(siteUrl, lead.ID))}" style="color:#b3400f;font-weight:600">${escapeHtml(name(lead))}</a> &lt;${escapeHtml(lead.Email)}&gt;, ${escapeHtml(section.detail(lead))}</li>`,
  )
  .join("\n")}
</ul>${section.total > section.leads.length ? `\n<p style="margin:6px 0 0">…and ${section.total - section.leads.length} more in the tracker.</p>` : ""}`;
  const html = `<!doctype html><html><body style="font-family:Manrope,Arial,sans-serif;color:#0e1116;background:#f7f5f0;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(hello)} Here is where your leads stand on <strong>${escapeHtml(day)}</strong>.</p>
${mine.length ? mine.map((section) => sectionHtml(section, 2)).join("\n") : `<p style="margin:0">Nothing of yours needs you today.</p>`}
${
  noOnes.length
    ? `<h2 style="font-size:18px;margin:32px 0 4px;padding-top:16px;border-top:1px solid #d9d4c7">${escapeHtml(unassignedTitle)}</h2>
<p style="margin:0;color:#56636f">${escapeHtml(unassignedLine)}</p>
${noOnes.map((section) => sectionHtml(section, 3)).join("\n")}`
    : ""
}
<p style="margin:24px 0 0"><a href="${escapeHtml(`${siteUrl}/admin/leads`)}" style="color:#b3400f;font-weight:600">Open the lead tracker</a></p>
<p style="margin:16px 0 0;color:#56636f;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;

  return {
    from: { name: `${site.name} website`, address: notifyEmail },
    to: to.email,
    subject: oneLine(`Your morning: ${counts.join("; ")}`),
    messageId: `<digest-${content.date}-${to.id}@${host}>`,
    text,
    html,
  };
}
