import { Link } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import type { LeadStats } from "../../../domain/lead-stats.ts";
import { duration } from "../../components/admin/format.ts";
import { FormMessage } from "../../components/form-fields.tsx";
import { Arrow, Container, Eyebrow } from "../../components/layout.tsx";
import { UpcomingMeetings } from "../../features/booking/upcoming-meetings.tsx";
import { LeadSources } from "../../features/dashboard/lead-sources.tsx";
import { TopPages } from "../../features/dashboard/top-pages.tsx";
import { useLiveStats } from "../../features/dashboard/use-live-stats.ts";
import { WeeklyLeadsChart } from "../../features/dashboard/weekly-chart.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/home";

export const meta = () => privateMeta("Admin");

/** The dashboard's numbers; the layout's guard ran first. A failure is shown, not thrown. */
export async function clientLoader() {
  const result = await authGet(endpoints.stats);
  if (result.ok) return { stats: result.data, error: null };
  return { stats: null, error: (!result.ok && result.error) || leadTexts.failed };
}

/** The month's name where the owner is: the server counts "this month" from their midnight. */
const monthName = (today: string | undefined) =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
    today ? new Date(`${today}T12:00:00Z`) : new Date(),
  );

/**
 * The admin's overview (docs/product.md, "The dashboard"): where the leads stand, and the last
 * 12 weeks. It follows live: the numbers are asked for again every 15 seconds while the tab is
 * visible, so a lead that arrives shows without a reload.
 */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { stats, error } = useLiveStats(loaderData);
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
    <Container className="pt-6 md:pt-8">
      <Eyebrow>Studio admin</Eyebrow>
      <h1 className="mt-1 text-title font-bold">Welcome back.</h1>
      <p className="mt-2 max-w-2xl text-lg text-muted">
        Every message sent through the site's contact form lands here as a lead. Work them from “New
        Leads” to “Follow Up With”, and on to a result.
      </p>

      {error ? (
        <div className="mt-4">
          <FormMessage kind="error">The numbers didn't load: {error}</FormMessage>
        </div>
      ) : null}

      {stats?.erasuresPendingOnDisk ? (
        <p
          role="status"
          className="mt-4 max-w-2xl rounded-sm border border-line bg-white/60 p-2 font-semibold"
        >
          {stats.erasuresPendingOnDisk === 1
            ? "1 lead erased; removal from disk pending."
            : `${stats.erasuresPendingOnDisk.toLocaleString("en-US")} leads erased; removal from disk pending.`}{" "}
          <span className="font-normal text-muted">
            Another program is reading the database file (a backup, most likely). The erased data
            leaves the disk by itself as soon as it lets go.
          </span>
        </p>
      ) : null}

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

      <div className="mt-4">
        <UpcomingMeetings />
      </div>

      <div className="mt-4 grid gap-2 lg:grid-cols-[3fr_2fr] lg:items-start">
        {stats?.firstReply ? (
          <SpeedToLead firstReply={stats.firstReply} waitingOver24h={stats.waitingOver24h ?? 0} />
        ) : null}
        {stats?.sources ? (
          // Beside speed to lead and the pages below it, so neither column ends in a gap.
          <div className="lg:row-span-2">
            <LeadSources sources={stats.sources} arrived={stats.firstReply?.arrived} />
          </div>
        ) : null}
        {stats?.topPages ? <TopPages pages={stats.topPages} /> : null}
      </div>

      {stats ? (
        <div className="mt-4">
          <WeeklyLeadsChart weeks={stats.weeks} />
        </div>
      ) : null}
    </Container>
  );
}

/**
 * Speed to lead: how soon leads hear back. The median and the 90th percentile of the time
 * from arrival to the first change away from UNREAD, over the last 30 days, and the leads
 * still waiting after a day.
 */
function SpeedToLead({
  firstReply,
  waitingOver24h,
}: {
  firstReply: NonNullable<LeadStats["firstReply"]>;
  waitingOver24h: number;
}) {
  const figures = [
    {
      label: "Median time to first reply",
      value: firstReply.medianMinutes === null ? "–" : duration(firstReply.medianMinutes),
    },
    {
      label: "9 in 10 answered within",
      value: firstReply.p90Minutes === null ? "–" : duration(firstReply.p90Minutes),
    },
    {
      label: "New leads waiting over 24 hours",
      value: waitingOver24h.toLocaleString("en-US"),
    },
  ];
  return (
    <section
      aria-labelledby="speed-heading"
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
    >
      <h2 id="speed-heading" className="text-xl font-bold">
        Speed to lead
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        {firstReply.leads
          ? `Time from a lead's arrival to its first reply, over the last ${firstReply.days} days: ${firstReply.leads.toLocaleString("en-US")}${
              firstReply.arrived === undefined
                ? ""
                : ` of ${firstReply.arrived.toLocaleString("en-US")}`
            } leads answered so far.`
          : `No lead of the last ${firstReply.days} days has had a reply yet.`}
      </p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse gap-0.5">
            <dt className="text-sm font-semibold">{figure.label}</dt>
            <dd className="text-2xl font-bold tracking-tight">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {waitingOver24h > 0 ? (
        <Link
          to="/admin/leads"
          className="group mt-2 inline-flex items-center gap-1 font-semibold text-accent-strong"
        >
          Answer the ones waiting
          <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
        </Link>
      ) : null}
    </section>
  );
}
