import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { InsightsBody } from "../../features/insights/insights-body.tsx";
import { loadInsights } from "../../features/insights/load-insights.ts";
import { RangeNav } from "../../features/insights/range-nav.tsx";
import { privateMeta } from "../../seo.ts";
import type { Route } from "./+types/insights";

export const meta = () => privateMeta("Insights");

/** The URL's range (a preset's days, or from/to), and the insights for it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadInsights(new URL(request.url).searchParams);
}

/**
 * Insights (/admin/insights): which pages and sources bring visitors, leads and won work,
 * counted without cookies. Presets of 7, 30 and 90 days on the owner's clock; every table
 * exports as CSV. Its parts are in app/features/insights/.
 */
export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { insights, error, days } = loaderData;
  return (
    <AdminPage>
      <AdminPageHeader title="Insights" actions={<RangeNav days={days} />} />
      {error || !insights ? (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      ) : (
        <InsightsBody insights={insights} />
      )}
    </AdminPage>
  );
}
