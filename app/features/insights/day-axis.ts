/**
 * The insights' dates and the daily chart's axis (docs/insights.md, "Insights"). Every date on
 * the screen reads one way, "Nov 26, 2026"; the axis drops the year, which the range above it
 * states, and labels as many days as fit without two labels touching at any width.
 */

const fullDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Nov 26, 2026": a calendar day (yyyy-mm-dd) as every date on Insights reads. */
export const insightDay = (date: string) => fullDay.format(noon(date));

/** "Nov 26": the same, without the year, where the range already says it (the axis). */
export const insightDayShort = (date: string) => shortDay.format(noon(date));

/** "Oct 30 – Nov 28, 2026", or with both years when the range spans a new year. */
export function insightRange(from: string, to: string): string {
  if (from === to) return insightDay(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? insightDayShort(from) : insightDay(from)} – ${insightDay(to)}`;
}

/** The axis's numbers short enough for its gutter: 950, 1.5K, 12K. */
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
export const tickLabel = (value: number) => compact.format(value);

/** Steps between labelled days: each day, every other, every third, then whole weeks. */
const steps = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364];

/**
 * Which of `count` days get a label on an axis `width` px wide, and where each label's box
 * starts (px from the axis's left). Labels are `labelWidth` wide, centred under their day, held
 * inside the axis at both ends, with at least `gap` between two; the last day (today, or the
 * range's end) is always one of them, and the others follow at one step back from it.
 */
export function dayAxisLabels(
  count: number,
  width: number,
  labelWidth: number,
  gap: number,
): Array<{ index: number; left: number }> {
  if (count === 0 || width < labelWidth) return [];
  const slot = width / count;
  const place = (index: number) =>
    Math.min(Math.max(0, (index + 0.5) * slot - labelWidth / 2), width - labelWidth);
  const step = steps.find((s) => s * slot >= labelWidth + gap) ?? count;
  const labels: Array<{ index: number; left: number }> = [];
  for (let index = count - 1; index >= 0; index -= step) {
    const left = place(index);
    const after = labels.at(-1);
    // Held in at the left end, the first label can come near its neighbour: then it goes.
    if (after && left + labelWidth + gap > after.left) continue;
    labels.push({ index, left });
  }
  return labels.reverse();
}
