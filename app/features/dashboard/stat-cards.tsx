import { Link } from "react-router";
import type { LeadStats } from "../../../domain/lead-stats.ts";
import { Arrow } from "../../components/layout.tsx";

/** The month's name where the owner is: the server counts "this month" from their midnight. */
const monthName = (today: string | undefined) =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
    today ? new Date(`${today}T12:00:00Z`) : new Date(),
  );

/**
 * Where the leads stand (docs/product.md, "The dashboard"): one card per count, each with a
 * link to the leads it counts. A count not loaded yet shows a dash, and says so.
 */
export function StatCards({ stats }: { stats: LeadStats | null }) {
  const cards = [
    {
      label: "New leads",
      value: stats?.newLeads,
      detail: "Waiting for a first reply.",
      to: "/admin/leads",
      action: "Open New Leads",
    },
    {
      label: "Unread replies",
      value: stats?.unreadReplies,
      detail: "Visitors who wrote back by e-mail.",
      to: "/admin/leads?reply=unread",
      action: "Read their replies",
    },
    {
      label: "Following up",
      value: stats?.followingUp,
      detail: "Replied, in conversation or closed.",
      to: "/admin/leads#follow-up-with-heading",
      action: "Open Follow Up With",
    },
    {
      label: "Converted this month",
      value: stats?.convertedThisMonth,
      detail: `Set to Converted since ${monthName(stats?.today)}\u00a01.`,
      to: "/admin/leads?lead=CONVERTED",
      action: "See converted leads",
    },
    {
      label: "Overdue",
      value: stats?.overdue,
      detail: "Follow-ups whose day has passed.",
      to: "/admin/leads?due=overdue",
      action: "See overdue follow-ups",
    },
    {
      label: "Due today",
      value: stats?.dueToday,
      detail: "Follow-ups planned for today.",
      to: "/admin/leads?due=today",
      action: "See today's follow-ups",
    },
  ];
  return (
    <dl className="mt-5 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <div
          key={card.label}
          className="grid grid-cols-[minmax(4.5rem,auto)_1fr] items-center gap-x-2 rounded-sm border border-line bg-white/60 p-2 sm:flex sm:flex-col sm:items-stretch sm:p-3"
        >
          <dt className="font-semibold">{card.label}</dt>
          <dd className="order-first row-span-3 text-[clamp(2.5rem,2rem+2vw,3.5rem)] leading-none font-bold tracking-tight">
            {card.value === undefined ? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">not loaded</span>
              </>
            ) : (
              card.value.toLocaleString("en-US")
            )}
          </dd>
          <dd className="text-sm text-muted sm:mt-0.5">{card.detail}</dd>
          <dd className="mt-1 sm:mt-auto sm:pt-2">
            <Link
              to={card.to}
              className="group inline-flex items-center gap-1 font-semibold text-accent-strong"
            >
              {card.action}
              <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}
