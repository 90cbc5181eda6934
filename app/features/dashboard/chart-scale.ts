import type { LeadStatus } from "../../../domain/lead-record.ts";
import type { LeadWeek } from "../../../domain/lead-stats.ts";

/** Bottom to top in each bar, and left to right in the legend: the outcome first. */
export const stackOrder: readonly LeadStatus[] = ["CONVERTED", "HOT", "WARM", "COLD", "ABANDONED"];

export const leadStatusNames: Record<LeadStatus, string> = {
  CONVERTED: "Converted",
  HOT: "Hot",
  WARM: "Warm",
  COLD: "Cold",
  ABANDONED: "Abandoned",
};

/**
 * A value axis with round steps (1, 2 or 5 × 10ⁿ) and at most five gridlines above zero, so
 * the top line is a number people read at a glance. An empty chart still gets an axis.
 */
export function valueAxis(largest: number): { max: number; ticks: number[] } {
  const target = Math.max(largest, 1);
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const steps = [magnitude / 10, magnitude, magnitude * 10]
    .flatMap((m) => [1, 2, 5].map((f) => f * m))
    // Whole leads only: a step under one would label the axis with fractions.
    .filter((step) => step >= 1);
  const step = steps.find((s) => Math.ceil(target / s) <= 5) ?? magnitude * 10;
  const max = Math.ceil(target / step) * step;
  return { max, ticks: Array.from({ length: max / step + 1 }, (_, i) => i * step) };
}

/** "1 lead", "1,234 leads". */
export const leadCount = (n: number) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? "lead" : "leads"}`;

export const weekTotal = (week: LeadWeek) =>
  stackOrder.reduce((sum, status) => sum + week.counts[status], 0);

// Week starts are UTC dates; formatting them in UTC keeps Monday a Monday everywhere.
const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayOnly = new Intl.DateTimeFormat("en-US", { day: "numeric", timeZone: "UTC" });
const monthOnly = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

export const weekName = (start: string, capital = true) =>
  `${capital ? "Week" : "week"} of ${shortDate.format(new Date(start))}`;

/** Axis labels: the day of each week's Monday, with the month where it changes. */
export function weekLabels(weeks: readonly LeadWeek[]): Array<{ day: string; month: string }> {
  return weeks.map((week, i) => {
    const date = new Date(week.start);
    const previous = weeks[i - 1];
    const monthChanged = !previous || new Date(previous.start).getUTCMonth() !== date.getUTCMonth();
    return { day: dayOnly.format(date), month: monthChanged ? monthOnly.format(date) : "" };
  });
}

/** One sentence with what the chart shows, for its text alternative and caption. */
export function chartSummary(weeks: readonly LeadWeek[]): string {
  const totals = weeks.map(weekTotal);
  const total = totals.reduce((a, b) => a + b, 0);
  const span = weeks.length === 1 ? "this week" : `the last ${weeks.length} weeks`;
  if (total === 0) return `No leads in ${span} yet.`;
  const most = Math.max(...totals);
  const busiest = weeks[totals.indexOf(most)];
  const converted = weeks.reduce((sum, w) => sum + w.counts.CONVERTED, 0);
  return [
    `${leadCount(total)} in ${span}, ${converted.toLocaleString("en-US")} of them converted.`,
    busiest ? `Busiest: the ${weekName(busiest.start, false)}, with ${leadCount(most)}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
