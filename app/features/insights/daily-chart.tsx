import { useId, useLayoutEffect, useRef, useState } from "react";
import type { Insights } from "../../../domain/insights.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { valueAxis } from "../dashboard/chart-scale.ts";
import { dayAxisLabels, insightDay, insightDayShort, tickLabel } from "./day-axis.ts";

const plotHeight = 180;
const leadsHeight = 48;
const slot = 20;
/** The value labels' gutter, left of the bars (w-4): "1.5K" fits, and no label is over a bar. */
const gutter = 32;
/** A day label's box (w-6), and the least room between two. */
const dayLabelWidth = 48;
const dayLabelGap = 8;

/**
 * Visitors per day as bars, and the day's leads as a strip of bars under them on a scale of
 * their own (told apart by place and legend, not only colour), each titled with its numbers;
 * the same figures as a table one click away.
 */
export function DailyChart({ days }: { days: Insights["days"] }) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0);
  const leads = days.reduce((sum, d) => sum + d.leads, 0);
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-sm border border-line bg-white/60 p-2"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h2 id={`${id}-title`} className={adminSectionTitleClass}>
          Visitors and leads per day
        </h2>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
          className={buttonClass("secondary", "sm")}
        >
          {asTable ? "Show the chart" : "Show the numbers"}
        </button>
      </div>
      {asTable ? <DaysTable days={days} /> : <Bars days={days} />}
      <figcaption className="sr-only">
        {`${visitors} visitors and ${leads} leads over ${days.length} days. "Show the numbers" lists each day.`}
      </figcaption>
    </figure>
  );
}

function DaysTable({ days }: { days: Insights["days"] }) {
  return (
    // Scrolls on a phone; focusable so the keyboard can scroll it too.
    <section
      aria-label="Each day's figures"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="mt-1 max-h-[22rem] overflow-auto focus-visible:outline-2 focus-visible:outline-accent-strong"
    >
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Visitors, page views and leads per day</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">Day</th>
            <th scope="col" className="text-right">
              Visitors
            </th>
            <th scope="col" className="text-right">
              Page views
            </th>
            <th scope="col" className="text-right">
              Leads
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-t border-line">
              <th scope="row" className="py-0.5 text-left font-normal">
                {insightDay(d.date)}
              </th>
              <td className="text-right">{d.visitors}</td>
              <td className="text-right">{d.pageviews}</td>
              <td className="text-right">{d.leads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Bars({ days }: { days: Insights["days"] }) {
  const { max, ticks } = valueAxis(Math.max(0, ...days.map((d) => d.visitors)));
  const y = (value: number) => plotHeight - (value / max) * plotHeight;
  const maxLeads = Math.max(1, ...days.map((d) => d.leads));
  const width = Math.max(days.length, 1) * slot;
  // The day labels are placed for the axis's real width, measured before the first paint.
  const axis = useRef<HTMLDivElement>(null);
  const [axisWidth, setAxisWidth] = useState(0);
  useLayoutEffect(() => {
    const element = axis.current;
    if (!element) return;
    const measure = () => setAxisWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const labels = dayAxisLabels(days.length, axisWidth, dayLabelWidth, dayLabelGap);
  // Each value label is centred on its line, in the gutter; "0" and the leads' top (16 px
  // tall each) are kept apart by the strips' 20 px gap.
  const valueLabel = "absolute left-0 w-3.5 -translate-y-1/2 text-right text-xs text-muted";
  return (
    <div className="mt-1" aria-hidden="true">
      <div className="relative" style={{ height: plotHeight }}>
        {ticks.map((tick) => (
          <div key={tick}>
            <div
              className="absolute right-0 border-t border-line/70"
              style={{ top: y(tick), left: gutter }}
            />
            <span data-chart-label className={valueLabel} style={{ top: y(tick) }}>
              {tickLabel(tick)}
            </span>
          </div>
        ))}
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${width} ${plotHeight}`}
          preserveAspectRatio="none"
          className="absolute inset-y-0 right-0 h-full"
          style={{ left: gutter, width: `calc(100% - ${gutter}px)` }}
        >
          {days.map((d, i) => (
            <rect
              key={d.date}
              x={i * slot + 3}
              width={slot - 6}
              y={y(d.visitors)}
              height={plotHeight - y(d.visitors)}
              fill="#3568a8"
            >
              <title>{`${insightDay(d.date)}: ${d.visitors} visitors, ${d.pageviews} page views`}</title>
            </rect>
          ))}
        </svg>
      </div>
      {/* The day's leads: a strip of their own under the visitors, on their own scale. */}
      <div className="relative mt-2.5" style={{ height: leadsHeight }}>
        <div className="absolute top-0 right-0 border-t border-line/70" style={{ left: gutter }} />
        <span data-chart-label className={valueLabel} style={{ top: 0 }}>
          {tickLabel(maxLeads)}
        </span>
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${width} ${leadsHeight}`}
          preserveAspectRatio="none"
          className="absolute inset-y-0 right-0 h-full"
          style={{ left: gutter, width: `calc(100% - ${gutter}px)` }}
        >
          {days.map((d, i) => (
            <rect
              key={d.date}
              x={i * slot + 5}
              width={slot - 10}
              y={leadsHeight - (d.leads / maxLeads) * leadsHeight}
              height={(d.leads / maxLeads) * leadsHeight}
              fill="#e84a12"
            >
              <title>{`${insightDay(d.date)}: ${d.leads} leads`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div
        ref={axis}
        className="relative mt-0.5 h-2 text-xs text-muted"
        style={{ marginLeft: gutter }}
      >
        {labels.map(({ index, left }) => {
          const day = days[index];
          return day ? (
            <span
              key={day.date}
              data-chart-label
              className="absolute top-0 w-6 text-center whitespace-nowrap"
              style={{ left }}
            >
              {insightDayShort(day.date)}
            </span>
          ) : null;
        })}
      </div>
      <p className="mt-1 flex flex-wrap gap-2 text-sm">
        <span className="inline-flex items-center gap-0.5">
          <span className="inline-block size-1.5 bg-[#3568a8]" /> Visitors (the upper bars)
        </span>
        <span className="inline-flex items-center gap-0.5">
          <span className="inline-block h-1.5 w-1 bg-[#e84a12]" /> Leads (the lower strip)
        </span>
      </p>
    </div>
  );
}
