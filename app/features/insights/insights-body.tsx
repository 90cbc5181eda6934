import type { Insights } from "../../../domain/insights.ts";
import { columnTitle } from "../../../domain/pipeline.ts";
import { formatMoney } from "../../components/admin/format.ts";
import { DailyChart } from "./daily-chart.tsx";
import { insightRange } from "./day-axis.ts";
import { type Column, InsightTable } from "./insight-table.tsx";

const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)}%`);

/** What entry pages and sources both show after their own first column. */
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

/** The insights for one range: the figures, the daily chart and the tables, each as CSV. */
export function InsightsBody({ insights }: { insights: Insights }) {
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
        {insightRange(insights.from, insights.to)}, {insights.timeZone.replaceAll("_", " ")} time.
        Visitors are counted once a day, without cookies; bots and browsers that ask not to be
        tracked are not counted.
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
