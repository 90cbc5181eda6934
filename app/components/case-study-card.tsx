import { Link } from "react-router";
import type { CaseStudyMeta } from "../content/schema.ts";
import { Arrow } from "./layout.tsx";

export type CaseStudySummary = Pick<
  CaseStudyMeta,
  "client" | "title" | "summary" | "industry" | "results"
> & {
  readonly slug: string;
};

/** A browser-frame sketch with the client's headline result, drawn in CSS (no stock photo). */
export function CaseStudyCard({
  study,
  headingLevel = 3,
}: {
  study: CaseStudySummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const lead = study.results[0];
  return (
    <article className="group relative flex flex-col rounded-sm border border-line bg-paper transition-colors hover:border-ink">
      <div aria-hidden="true" className="m-1.5 mb-0 overflow-hidden rounded-sm bg-ink text-paper">
        <div className="flex gap-0.5 border-b border-ink-line px-1.5 py-1">
          <span className="size-1 rounded-full bg-ink-line" />
          <span className="size-1 rounded-full bg-ink-line" />
          <span className="size-1 rounded-full bg-ink-line" />
        </div>
        <div className="grid grid-cols-[1fr_auto] items-end gap-2 p-3 md:p-4">
          <div className="space-y-1">
            <div className="h-1 w-3/4 rounded-full bg-paper/80" />
            <div className="h-1 w-1/2 rounded-full bg-paper/40" />
            <div className="mt-2 h-3 w-12 rounded-sm bg-accent" />
          </div>
          {lead ? (
            <p className="text-right">
              <span className="block text-4xl font-bold tracking-tight text-accent md:text-5xl">
                {lead.value}
              </span>
              <span className="block max-w-[16ch] text-sm text-paper/70">{lead.label}</span>
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-3">
        <p className="text-sm font-semibold text-muted">{study.industry}</p>
        <Heading className="mt-1 text-2xl font-bold tracking-tight">
          <Link to={`/previous-work/${study.slug}`} className="after:absolute after:inset-0">
            {study.client}
          </Link>
        </Heading>
        <p className="mt-1 text-muted">{study.summary}</p>
        <p className="mt-auto flex items-center gap-1 pt-2 font-bold text-accent-strong">
          Read the case study{" "}
          <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}
