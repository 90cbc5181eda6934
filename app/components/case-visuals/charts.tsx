/**
 * The small results chart on each case study's visual. Its headline figure and label are the
 * story's own front-matter result; the series behind the bars or the ring come from the
 * story's text and are checked against that figure by charts.test.ts.
 */
import type { CaseStudyMeta } from "../../../domain/content-schema.ts";
import { Text } from "./frames.tsx";

type Result = CaseStudyMeta["results"][number];

export type ChartSpec =
  | {
      readonly kind: "before-after";
      /** Which front-matter result the chart draws (0–2). */
      readonly result: number;
      readonly title: string;
      readonly before: { readonly label: string; readonly value: number };
      readonly after: { readonly label: string; readonly value: number };
    }
  | {
      readonly kind: "share";
      readonly result: number;
      readonly title: string;
      readonly part: string;
      readonly rest: string;
    };

/** Keyed by case-study slug. */
export const charts: Readonly<Record<string, ChartSpec>> = {
  // "Tour requests rose 212%, from 41 to 128" (March–June 2026 against the same months of 2025).
  "longue-vue": {
    kind: "before-after",
    result: 0,
    title: "Spring tours",
    before: { label: "2025", value: 41 },
    after: { label: "2026", value: 128 },
  },
  // "71% of pickup orders are now placed directly, up from none."
  "magnolia-mornings": {
    kind: "share",
    result: 2,
    title: "Pickup orders",
    part: "Direct",
    rest: "Apps",
  },
};

/** The change from before to after as the stories write it: "+212%". */
export function percentChange(before: number, after: number): string {
  const change = Math.round((after / before - 1) * 100);
  return `${change >= 0 ? "+" : "−"}${Math.abs(change)}%`;
}

/** "71%" → 71; a share chart's ring is drawn from the front-matter figure itself. */
export function percentOf(value: string): number | undefined {
  const match = /^(\d{1,3}(?:\.\d+)?)%$/.exec(value.trim());
  const share = match ? Number(match[1]) : Number.NaN;
  return share >= 0 && share <= 100 ? share : undefined;
}

/** Splits a label into lines of at most `max` characters, at spaces (SVG text does not wrap). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The card's left column: what is counted, the figure, what it means. */
function Headline({ title, result }: { title: string; result: Result }) {
  return (
    <>
      <Text x={18} y={30} size={9} weight={700} spacing={1.4} className="fill-muted">
        {title.toUpperCase()}
      </Text>
      <Text x={16} y={74} size={40} weight={700} spacing={-1.6} className="fill-ink">
        <tspan data-chart-figure="">{result.value}</tspan>
      </Text>
      {wrapWords(result.label, 20)
        .slice(0, 3)
        .map((line, i) => (
          <Text key={line} x={18} y={98 + i * 15} size={11.5} className="fill-muted">
            {line}
          </Text>
        ))}
    </>
  );
}

function BeforeAfter({
  spec,
  result,
}: {
  spec: Extract<ChartSpec, { kind: "before-after" }>;
  result: Result;
}) {
  const base = 142;
  const tallest = 96;
  const max = Math.max(spec.before.value, spec.after.value);
  const bars = [
    { ...spec.before, x: 166, className: "fill-line" },
    { ...spec.after, x: 206, className: "fill-accent" },
  ];
  return (
    <>
      <Headline title={spec.title} result={result} />
      {bars.map((bar) => {
        const height = Math.round((bar.value / max) * tallest);
        return (
          <g key={bar.label} data-chart-bar={bar.value}>
            <rect
              x={bar.x}
              y={base - height}
              width={30}
              height={height}
              rx={3}
              className={bar.className}
            />
            <Text x={bar.x + 15} y={base - height - 7} size={11} weight={700} anchor="middle">
              {bar.value}
            </Text>
            <Text x={bar.x + 15} y={base + 16} size={10} anchor="middle" className="fill-muted">
              {bar.label}
            </Text>
          </g>
        );
      })}
      <path d={`M158 ${base}h86`} className="stroke-line" />
    </>
  );
}

function Share({ spec, result }: { spec: Extract<ChartSpec, { kind: "share" }>; result: Result }) {
  const share = percentOf(result.value) ?? 0;
  const [cx, cy, r] = [202, 78, 34];
  return (
    <>
      <Headline title={spec.title} result={result} />
      <circle cx={cx} cy={cy} r={r} strokeWidth={13} className="fill-none stroke-paper-dim" />
      <circle
        cx={cx}
        cy={cy}
        r={r}
        strokeWidth={13}
        pathLength={100}
        strokeDasharray={`${share} 100`}
        transform={`rotate(-90 ${cx} ${cy})`}
        className="fill-none stroke-accent"
        data-chart-share={share}
      />
      {[
        { label: `${spec.part} ${share}%`, className: "fill-accent", y: 134 },
        { label: `${spec.rest} ${100 - share}%`, className: "fill-paper-dim", y: 152 },
      ].map((item) => (
        <g key={item.label}>
          <rect x={166} y={item.y - 8} width={9} height={9} rx={2} className={item.className} />
          <Text x={181} y={item.y} size={10} className="fill-muted">
            {item.label}
          </Text>
        </g>
      ))}
    </>
  );
}

/** The chart for one study, or a card with its first result when it has none of its own. */
export function ResultsChart({ slug, results }: { slug: string; results: readonly Result[] }) {
  const spec = charts[slug];
  const result = spec ? results[spec.result] : results[0];
  if (!result) return null;
  if (spec?.kind === "before-after") return <BeforeAfter spec={spec} result={result} />;
  if (spec?.kind === "share") return <Share spec={spec} result={result} />;
  return <Headline title="Result" result={result} />;
}
