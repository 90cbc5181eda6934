import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { UpcomingMeetings } from "../../features/booking/upcoming-meetings.tsx";
import { ErasuresPending } from "../../features/dashboard/erasures-pending.tsx";
import { LeadSources } from "../../features/dashboard/lead-sources.tsx";
import { loadStats } from "../../features/dashboard/load-stats.ts";
import { SpeedToLead } from "../../features/dashboard/speed-to-lead.tsx";
import { StatCards } from "../../features/dashboard/stat-cards.tsx";
import { TopPages } from "../../features/dashboard/top-pages.tsx";
import { useLiveStats } from "../../features/dashboard/use-live-stats.ts";
import { WeeklyLeadsChart } from "../../features/dashboard/weekly-chart.tsx";
import { privateMeta } from "../../seo.ts";
import type { Route } from "./+types/home";

export const meta = () => privateMeta("Admin");

/** The dashboard's numbers; the layout's guard ran first. A failure is shown, not thrown. */
export async function clientLoader() {
  return loadStats();
}

/**
 * The admin's overview (docs/product.md, "The dashboard"): where the leads stand, and the last
 * 12 weeks. It follows live: the numbers are asked for again every 15 seconds while the tab is
 * visible, so a lead that arrives shows without a reload. Its parts are in
 * app/features/dashboard/.
 */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { stats, error } = useLiveStats(loaderData);
  return (
    <AdminPage>
      <AdminPageHeader
        title="Welcome back."
        description="Every message sent through the site's contact form lands here as a lead. Work them from “New Leads” to “Follow Up With”, and on to a result."
      />

      {error ? (
        <div className="mt-4">
          <FormMessage kind="error">The numbers didn't load: {error}</FormMessage>
        </div>
      ) : null}

      {stats?.erasuresPendingOnDisk ? (
        <ErasuresPending count={stats.erasuresPendingOnDisk} />
      ) : null}

      <StatCards stats={stats} />

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
    </AdminPage>
  );
}
