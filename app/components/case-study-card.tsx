import { Link } from "react-router";
import type { CaseStudyMeta } from "../../domain/content-schema.ts";
import { CaseVisual } from "./case-visuals/case-visual.tsx";
import { darkScreens } from "./case-visuals/frames.tsx";
import { Arrow } from "./layout.tsx";

export type CaseStudySummary = Pick<
  CaseStudyMeta,
  "client" | "title" | "summary" | "industry" | "results"
> & {
  readonly slug: string;
};

/** Light cards sit on paper; dark ones on ink (/home2), their screens in dark mode too. */
const tones = {
  light: {
    card: "border-line bg-paper hover:border-ink",
    muted: "text-muted",
    link: "text-accent-strong",
    screens: "",
  },
  dark: {
    card: "border-ink-line bg-ink-soft text-paper hover:border-paper/60",
    muted: "text-muted-light",
    link: "text-accent",
    screens: darkScreens,
  },
} as const;

/**
 * The study's own visual (its site on a desktop and a phone, one result charted) above its
 * name and summary. Cards in a row are equally tall: the card fills its grid cell.
 */
export function CaseStudyCard({
  study,
  headingLevel = 3,
  tone = "light",
}: {
  study: CaseStudySummary;
  headingLevel?: 2 | 3;
  tone?: keyof typeof tones;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const look = tones[tone];
  return (
    <article
      className={`group relative flex h-full flex-col rounded-sm border transition-colors ${look.card}`}
    >
      <div
        className={`m-1.5 mb-0 overflow-hidden rounded-sm bg-paper-dim px-[5%] pt-[6%] pb-[4%] ${look.screens}`}
      >
        <CaseVisual slug={study.slug} results={study.results} />
      </div>
      <div className="flex flex-1 flex-col p-3">
        <p className={`text-sm font-semibold ${look.muted}`}>{study.industry}</p>
        <Heading className="mt-1 text-2xl font-bold tracking-tight">
          <Link to={`/previous-work/${study.slug}`} className="after:absolute after:inset-0">
            {study.client}
          </Link>
        </Heading>
        <p className={`mt-1 ${look.muted}`}>{study.summary}</p>
        <p className={`mt-auto flex items-center gap-1 pt-2 font-bold ${look.link}`}>
          Read the case study{" "}
          <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
        </p>
      </div>
    </article>
  );
}
