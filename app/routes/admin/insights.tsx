import { Link } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import type { Insights } from "../../../domain/insights.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { columnTitle } from "../../../domain/pipeline.ts";
import { formatMoney } from "../../components/admin/format.ts";
import { FormMessage } from "../../components/form-fields.tsx";
import { Container, Eyebrow } from "../../components/layout.tsx";
import { DailyChart } from "../../features/insights/daily-chart.tsx";
import { type Column, InsightTable } from "../../features/insights/insight-table.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/insights";

export const meta = () => privateMeta("Insights");

const presets = [7, 30, 90] as const;

/** The URL's range (a preset's days, or from/to), and the insights for it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const days = Number(params.get("days") ?? "30");
  const query = new URLSearchParams();
  if (params.get("from")) query.set("from", params.get("from") ?? "");
  if (params.get("to")) query.set("to", params.get("to") ?? "");
  if (!query.has("from") && presets.includes(days as 7)) {
    const settings = await authGet(endpoints.settings);
    if (settings.ok) {
      const today = settings.data.today;
      const from = new Date(`${today}T12:00:00Z`);
      from.setUTCDate(from.getUTCDate() - (days - 1));
      query.set("from", from.toISOString().slice(0, 10));
      query.set("to", today);
    }
  }
  const result = await authGet(endpoints.insights, { query: query.toString() });
  return {
    days: query.has("from") && params.get("from") ? null : days,
    insights: result.ok ? result.data : null,
    error: result.ok ? null : (result.error ?? leadTexts.failed),
  };
}

const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)}%`);

function attributionColumns<
  Row extends Insights["sources"][number] | Insights["entryPages"][number],
>(first: Column<Row>, currency: string): Column<Row>[] {
  return [
    first,
    { label: "Visitors", value: (r) => r.visitors, numeric: true },
    { label: "Leads", value: (r) => r.leads, numeric: true },
    {
      label: "Conversion",
      value: (r) => r.conversionRate ?? "",
      show: (r) => percent(r.conversionRate),
      numeric: true,
    },
    { label: "Calls", value: (r) => r.meetings, numeric: true },
    { label: "Won", value: (r) => r.won, numeric: true },
    {
      label: `Won value (${currency})`,
      value: (r) => r.wonValue,
      show: (r) => formatMoney(r.wonValue, currency),
      numeric: true,
    },
  ];
}

/**
 * Insights (/admin/insights): which pages and sources bring visitors, leads and won work,
 * counted without cookies. Presets of 7, 30 and 90 days on the owner's clock; every table
 * exports as CSV.
 */
export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { insights, error, days } = loaderData;
  return (
    <Container className="pt-6 md:pt-8">
      <Eyebrow>Studio admin</Eyebrow>
      <div className="mt-1 flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-title font-bold">Insights</h1>
        <nav
          aria-label="Range"
          className="flex gap-0.5 rounded-sm border border-line bg-white/60 p-0.5"
        >
          {presets.map((n) => (
            <Link
              key={n}
              to={`?days=${n}`}
              aria-current={days === n ? "page" : undefined}
              className={`inline-flex min-h-[44px] items-center whitespace-nowrap rounded-sm px-1.5 font-semibold min-[1024px]:min-h-5 ${
                days === n ? "bg-ink text-paper" : "hover:bg-paper-dim"
              }`}
            >
              <span className="max-sm:sr-only">Last&nbsp;</span>
              {n}&nbsp;days
            </Link>
          ))}
        </nav>
      </div>
      {error || !insights ? (
        <div className="mt-4">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      ) : (
        <InsightsBody insights={insights} />
      )}
    </Container>
  );
}

function InsightsBody({ insights }: { insights: Insights }) {
  const { currency } = insights;
  const won = insights.pipeline.find((p) => p.LeadStatus === "CONVERTED");
  const open = insights.pipeline.filter(
    (p) => p.LeadStatus !== "CONVERTED" && p.LeadStatus !== "ABANDONED",
  );
  const figures = [
    { label: "Visitors", value: insights.visitors.toLocaleString("en-US") },
    { label: "Page views", value: insights.pageviews.toLocaleString("en-US") },
    { label: "Leads", value: insights.leads.toLocaleString("en-US") },
    { label: "Conversion", value: percent(insights.conversionRate) },
    {
      label: "Open pipeline",
      value: formatMoney(
        open.reduce((s, p) => s + p.value, 0),
        currency,
      ),
    },
    { label: "Won, all time", value: formatMoney(won?.value ?? 0, currency) },
  ];
  return (
    <>
      <p className="mt-1 text-muted">
        {insights.from} to {insights.to}, {insights.timeZone.replaceAll("_", " ")} time. Visitors
        are counted once a day, without cookies; bots and browsers that ask not to be tracked are
        not counted.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map((f) => (
          <div key={f.label} className="rounded-sm border border-line bg-white/60 p-1.5">
            <dt className="text-sm font-semibold text-muted">{f.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <DailyChart days={insights.days} />
      </div>
      <div className="mt-3 grid gap-2 xl:grid-cols-2">
        <InsightTable
          title="Entry pages"
          description="Where visits began, and the leads and work they brought."
          file={`entry-pages-${insights.from}-${insights.to}.csv`}
          rows={insights.entryPages}
          empty="No visits or leads in this range."
          columns={attributionColumns<Insights["entryPages"][number]>(
            { label: "Entry page", value: (r) => r.path },
            currency,
          )}
        />
        <InsightTable
          title="Sources"
          description="The site or campaign that sent them (direct: none)."
          file={`sources-${insights.from}-${insights.to}.csv`}
          rows={insights.sources}
          empty="No visits or leads in this range."
          columns={attributionColumns<Insights["sources"][number]>(
            { label: "Source", value: (r) => r.source },
            currency,
          )}
        />
        <InsightTable
          title="Top pages"
          file={`pages-${insights.from}-${insights.to}.csv`}
          rows={insights.pages}
          empty="No page views in this range."
          columns={[
            { label: "Page", value: (r) => r.path },
            { label: "Page views", value: (r) => r.pageviews, numeric: true },
          ]}
        />
        <InsightTable
          title="Pipeline now"
          description="Every lead by its status today, and what it is worth."
          file="pipeline.csv"
          rows={insights.pipeline}
          empty="No leads yet."
          columns={[
            { label: "Status", value: (r) => columnTitle[r.LeadStatus] },
            { label: "Leads", value: (r) => r.count, numeric: true },
            {
              label: `Value (${currency})`,
              value: (r) => r.value,
              show: (r) => formatMoney(r.value, currency),
              numeric: true,
            },
          ]}
        />
      </div>
    </>
  );
}
