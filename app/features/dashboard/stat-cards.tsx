import { Link } from "react-router";
import type { LeadStats } from "../../../domain/lead-stats.ts";
import { StateMark } from "../../components/admin/state-mark.tsx";
import { Arrow } from "../../components/layout.tsx";

/** The month's name where the owner is: the server counts "this month" from their midnight. */
const monthName = (today: string | undefined) =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
    today ? new Date(`${today}T12:00:00Z`) : new Date(),
  );

/** The kinds of work a count asks for today, each with the tracker's own mark and colour. */
type Urgency = "overdue" | "today" | "new";

type Card = {
  label: string;
  value: number | undefined;
  detail: string;
  to: string;
  action: string;
  urgency?: Urgency;
};

/**
 * Each kind's colour, from the palette the tracker's follow-up badges use (follow-up.tsx), so
 * a red triangle means overdue on every screen. Shown only while there is work of that kind:
 * a quiet zero is not an alarm. The inset shadow draws the stripe without taking room, so a
 * count going from 0 to 1 moves nothing.
 */
const urgencyStyle: Record<Urgency, { value: string; stripe: string }> = {
  overdue: { value: "text-error", stripe: "shadow-[inset_4px_0_0_var(--color-error)]" },
  today: { value: "text-accent-strong", stripe: "shadow-[inset_4px_0_0_var(--color-accent)]" },
  new: { value: "text-ink", stripe: "shadow-[inset_4px_0_0_var(--color-ink)]" },
};

function Value({ value }: { value: number | undefined }) {
  return value === undefined ? (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">not loaded</span>
    </>
  ) : (
    value.toLocaleString("en-US")
  );
}

function CardLink({ card, className }: { card: Card; className: string }) {
  return (
    <Link
      to={card.to}
      className={`group inline-flex min-h-[44px] items-center gap-1 font-semibold text-accent-strong min-[1024px]:min-h-0 ${className}`}
    >
      {card.action}
      <Arrow className="size-2 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
    </Link>
  );
}

/**
 * Where the leads stand (docs/product.md, "The dashboard"), in two tiers
 * (docs/development.md, "The admin's page header"): what needs action today (overdue, due
 * today, new) first, large, marked and coloured while there is any; the rest of the counts
 * after them, small, in one quiet strip. Each count links to the leads it counts; one not
 * loaded yet shows a dash, and says so.
 */
export function StatCards({ stats }: { stats: LeadStats | null }) {
  const actionCards: Card[] = [
    {
      label: "Overdue",
      value: stats?.overdue,
      detail: "Follow-ups whose day has passed.",
      to: "/admin/leads?due=overdue",
      action: "See overdue follow-ups",
      urgency: "overdue",
    },
    {
      label: "Due today",
      value: stats?.dueToday,
      detail: "Follow-ups planned for today.",
      to: "/admin/leads?due=today",
      action: "See today's follow-ups",
      urgency: "today",
    },
    {
      label: "New leads",
      value: stats?.newLeads,
      detail: "Waiting for a first reply.",
      to: "/admin/leads",
      action: "Open New Leads",
      urgency: "new",
    },
  ];
  const otherCards: Card[] = [
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
  ];
  return (
    <div className="mt-2 grid gap-1.5">
      <dl className="grid gap-1.5 sm:grid-cols-3">
        {actionCards.map((card) => {
          const urgency = card.urgency ?? "new";
          const active = (card.value ?? 0) > 0;
          return (
            <div
              key={card.label}
              data-kpi="action"
              className={`grid grid-cols-[minmax(3rem,auto)_1fr] items-center gap-x-2 rounded-sm border border-line bg-white px-2 py-1.5 sm:flex sm:flex-col sm:items-stretch sm:py-2 ${
                active ? urgencyStyle[urgency].stripe : ""
              }`}
            >
              <dt
                className={`flex items-center gap-0.5 font-semibold ${active ? urgencyStyle[urgency].value : "text-muted"}`}
              >
                <StateMark state={urgency} />
                <span className="text-ink">{card.label}</span>
              </dt>
              <dd
                className={`order-first row-span-3 text-[2rem] leading-none font-bold tracking-tight tabular-nums sm:mt-1 sm:text-[2.5rem] ${
                  active ? urgencyStyle[urgency].value : "text-muted"
                }`}
              >
                <Value value={card.value} />
              </dd>
              {/* On a phone the label and the link say enough; the detail would double the tile. */}
              <dd className="hidden text-sm text-muted sm:mt-0.5 sm:block">{card.detail}</dd>
              <dd className="sm:mt-auto sm:pt-1">
                <CardLink card={card} className="text-sm" />
              </dd>
            </div>
          );
        })}
      </dl>
      <dl className="grid rounded-sm border border-line bg-white/60 sm:grid-cols-3">
        {otherCards.map((card) => (
          <div
            key={card.label}
            data-kpi="other"
            className="grid grid-cols-[minmax(3rem,auto)_1fr] items-center gap-x-2 border-line px-2 py-1 not-first:border-t sm:flex sm:flex-col sm:items-stretch sm:py-1.5 sm:not-first:border-t-0 sm:not-first:border-l"
          >
            <dt className="text-sm font-semibold">{card.label}</dt>
            <dd className="order-first row-span-3 text-xl leading-tight font-semibold tabular-nums">
              <Value value={card.value} />
            </dd>
            <dd className="hidden text-sm text-muted sm:block">{card.detail}</dd>
            <dd>
              <CardLink card={card} className="text-sm" />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
