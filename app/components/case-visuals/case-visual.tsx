/**
 * Each case study's picture: its site in a browser, on a phone, and one result as a small
 * chart. Decorative (aria-hidden): the page around it says the same in words. A study with
 * no drawing of its own yet gets a quiet generic frame with its first result.
 */
import { useId } from "react";
import type { CaseStudyMeta } from "../../../domain/content-schema.ts";
import { ResultsChart } from "./charts.tsx";
import { Bar, BrowserFrame, canvas, PhoneFrame, ResultCard, Shadow } from "./frames.tsx";
import { longueVue } from "./longue-vue.tsx";
import { magnoliaMornings } from "./magnolia-mornings.tsx";

type Screens = {
  readonly url: string;
  readonly Desktop: () => React.ReactNode;
  readonly Phone: () => React.ReactNode;
};

/** Keyed by case-study slug (the Markdown file's name). */
const screens: Readonly<Record<string, Screens>> = {
  "longue-vue": longueVue,
  "magnolia-mornings": magnoliaMornings,
};

const generic: Screens = {
  url: "",
  Desktop: () => (
    <>
      <Bar x={24} y={24} width={80} className="fill-ink" />
      <Bar x={520} y={24} width={136} />
      <path d="M0 54h680" className="stroke-line" />
      <rect x={24} y={96} width={220} height={14} rx={4} className="fill-ink" />
      <rect x={24} y={118} width={160} height={14} rx={4} className="fill-ink" />
      <Bar x={24} y={152} width={200} />
      <Bar x={24} y={166} width={172} />
      <rect x={24} y={192} width={96} height={28} rx={4} className="fill-accent" />
      <rect x={280} y={84} width={376} height={196} rx={6} className="fill-paper-dim" />
      <path
        d="M300 250c60-40 100-10 160-60s120-40 176-100"
        className="fill-none stroke-accent"
        strokeWidth={2}
      />
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={24 + i * 216}
          y={304}
          width={200}
          height={90}
          rx={6}
          className="fill-paper stroke-line"
        />
      ))}
    </>
  ),
  Phone: () => (
    <>
      <rect x={16} y={60} width={120} height={12} rx={4} className="fill-ink" />
      <Bar x={16} y={84} width={140} />
      <Bar x={16} y={96} width={110} />
      <rect x={16} y={116} width={140} height={120} rx={6} className="fill-paper-dim" />
      <Bar x={16} y={252} width={130} />
      <Bar x={16} y={264} width={96} />
      <rect x={16} y={308} width={140} height={34} rx={6} className="fill-accent" />
    </>
  ),
};

export function hasCaseVisual(slug: string): boolean {
  return slug in screens;
}

export function CaseVisual({
  slug,
  results,
  className = "",
}: {
  slug: string;
  results: CaseStudyMeta["results"];
  className?: string;
}) {
  const { url, Desktop, Phone } = screens[slug] ?? generic;
  const shadow = `shadow-${useId().replace(/[^\w-]/g, "")}`;
  return (
    <svg
      viewBox={`0 0 ${canvas.width} ${canvas.height}`}
      // The box keeps the canvas's shape while its drawing is skipped (app.css,
      // content-visibility); case-study-visuals.spec checks the box against the viewBox.
      className={`block aspect-[860/540] h-auto w-full overflow-visible ${className}`}
      aria-hidden="true"
      focusable="false"
      data-case-visual={screens[slug] ? slug : "generic"}
    >
      <defs>
        <Shadow id={shadow} />
      </defs>
      <BrowserFrame url={url} shadow={shadow}>
        <Desktop />
      </BrowserFrame>
      <PhoneFrame shadow={shadow}>
        <Phone />
      </PhoneFrame>
      <ResultCard shadow={shadow}>
        <ResultsChart slug={slug} results={results} />
      </ResultCard>
    </svg>
  );
}
