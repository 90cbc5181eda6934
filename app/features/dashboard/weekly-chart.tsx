import { useId } from "react";
import type { LeadStatus } from "../../../domain/lead-record.ts";
import type { LeadWeek } from "../../../domain/lead-stats.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import {
  chartSummary,
  leadCount,
  leadStatusNames,
  stackOrder,
  valueAxis,
  weekLabels,
  weekName,
  weekTotal,
} from "./chart-scale.ts";

/**
 * Each status's colour: at least 3:1 against the page (WCAG 1.4.11), and never the only cue:
 * segments are separated by a gap, the legend names them, every bar has a hover title, and
 * the numbers are one click away as a table.
 */
const colors: Record<LeadStatus, string> = {
  CONVERTED: "#1f7a4d",
  HOT: "#e84a12",
  WARM: "#b7791f",
  COLD: "#3568a8",
  ABANDONED: "#6b7580",
};

// The SVG is stretched to the container's width (preserveAspectRatio="none") but drawn at its
// real height, so one vertical unit is one CSS pixel. Text stays in HTML around it, where it
// keeps its size on a phone instead of shrinking with the drawing.
const plotHeight = 220;
const slot = 100;
const barWidth = 58;
const segmentGap = 2;

function breakdown(week: LeadWeek): string {
  const parts = stackOrder
    .filter((status) => week.counts[status] > 0)
    .map((status) => `${week.counts[status]} ${leadStatusNames[status].toLowerCase()}`);
  return `${weekName(week.start)}: ${leadCount(weekTotal(week))}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/** Leads received per week, stacked by their current lead status (the /admin dashboard). */
export function WeeklyLeadsChart({ weeks }: { weeks: readonly LeadWeek[] }) {
  const id = useId();
  const totals = weeks.map(weekTotal);
  const { max, ticks } = valueAxis(Math.max(0, ...totals));
  const labels = weekLabels(weeks);
  const empty = totals.every((t) => t === 0);
  const summary = chartSummary(weeks);
  const y = (value: number) => plotHeight - (value / max) * plotHeight;
  const width = weeks.length * slot;

  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
    >
      {/* The caption comes first (a figure's caption is its first or last child): the title,
          the legend and the summary. */}
      <figcaption>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id={`${id}-title`} className={adminSectionTitleClass}>
            Leads per week
          </h2>
          <ul aria-label="Lead statuses" className="flex flex-wrap gap-x-2 gap-y-0.5 text-sm">
            {stackOrder.map((status) => (
              <li key={status} className="inline-flex items-center gap-0.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-1.5 rounded-[2px]"
                  style={{ backgroundColor: colors[status] }}
                />
                {leadStatusNames[status]}
              </li>
            ))}
          </ul>
        </div>
        <p id={`${id}-summary`} className="mt-0.5 max-w-3xl text-muted">
          {summary} Each lead counts in the week it arrived, by its status now; the last bar is this
          week so far.
        </p>
      </figcaption>

      <div className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-1">
        <div
          aria-hidden="true"
          className="relative min-w-[2ch] text-right text-xs text-muted tabular-nums"
          style={{ height: plotHeight }}
        >
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2 leading-none"
              style={{ top: y(tick) }}
            >
              {tick.toLocaleString("en-US")}
            </span>
          ))}
        </div>
        <div className="relative">
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-summary`}
            viewBox={`0 0 ${width} ${plotHeight}`}
            preserveAspectRatio="none"
            className="block w-full overflow-visible"
            style={{ height: plotHeight }}
          >
            <title>{`Leads per week. ${summary}`}</title>
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={width}
                y1={y(tick)}
                y2={y(tick)}
                stroke={tick === 0 ? "var(--color-ink)" : "var(--color-line)"}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {weeks.map((week, i) => {
              const present = stackOrder.filter((status) => week.counts[status] > 0);
              let below = 0;
              return (
                <g
                  key={week.start}
                  className="origin-bottom [transform-box:fill-box] motion-safe:animate-bar-grow"
                  style={{ animationDelay: `${i * 35}ms` }}
                >
                  <title>{breakdown(week)}</title>
                  {/* A transparent full-height hit area, so the title shows over short bars too. */}
                  <rect x={i * slot} y={0} width={slot} height={plotHeight} fill="transparent" />
                  {present.map((status, j) => {
                    const top = below + week.counts[status];
                    const gap = j < present.length - 1 ? segmentGap : 0;
                    const rect = (
                      <rect
                        key={status}
                        x={i * slot + (slot - barWidth) / 2}
                        y={y(top) + gap}
                        width={barWidth}
                        height={Math.max(0, y(below) - y(top) - gap)}
                        fill={colors[status]}
                      />
                    );
                    below = top;
                    return rect;
                  })}
                </g>
              );
            })}
          </svg>
          {empty ? (
            <p
              aria-hidden="true"
              className="absolute inset-0 grid place-items-center px-2 text-center font-semibold text-muted"
            >
              New leads will show up here, week by week.
            </p>
          ) : null}
        </div>
        <div
          aria-hidden="true"
          className="col-start-2 mt-1 grid text-center text-xs leading-tight text-muted"
          style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(0, 1fr))` }}
        >
          {labels.map((label, i) => (
            <span key={weeks[i]?.start}>
              <span className="block font-semibold text-ink tabular-nums">{label.day}</span>
              <span className="block">{label.month || "\u00a0"}</span>
            </span>
          ))}
        </div>
      </div>

      <WeeksTable weeks={weeks} totals={totals} />
    </figure>
  );
}

/** The chart's numbers, as a table a click away (the colours are never the only way in). */
function WeeksTable({ weeks, totals }: { weeks: readonly LeadWeek[]; totals: readonly number[] }) {
  return (
    <details className="group mt-2 border-t border-line pt-1.5">
      <summary className="cursor-pointer font-semibold text-accent-strong underline-offset-4 hover:underline">
        Show the numbers
      </summary>
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <section
        aria-label="Leads per week, as a table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="mt-1.5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent-strong"
      >
        <table className="w-full min-w-[34rem] table-fixed border-collapse text-sm tabular-nums">
          <caption className="sr-only">Leads per week by lead status</caption>
          <thead>
            <tr className="border-b border-ink text-left">
              <th scope="col" className="w-[28%] py-0.5 pr-1 font-semibold">
                Week
              </th>
              {stackOrder.map((status) => (
                <th key={status} scope="col" className="px-1 py-0.5 text-right font-semibold">
                  {leadStatusNames[status]}
                </th>
              ))}
              <th scope="col" className="py-0.5 pl-1 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={week.start} className="border-b border-line">
                <th scope="row" className="py-0.5 pr-1 text-left font-normal">
                  {weekName(week.start)}
                  {i === weeks.length - 1 ? " (so far)" : ""}
                </th>
                {stackOrder.map((status) => (
                  <td key={status} className="px-1 py-0.5 text-right">
                    {week.counts[status].toLocaleString("en-US")}
                  </td>
                ))}
                <td className="py-0.5 pl-1 text-right font-semibold">
                  {(totals[i] ?? 0).toLocaleString("en-US")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
