import { ArticleLayout } from "../components/article-layout.tsx";
import { CaseVisual } from "../components/case-visuals/case-visual.tsx";
import { ButtonLink, Container, formatDate } from "../components/layout.tsx";
import { joinWithDots, MetaList } from "../components/meta-list.tsx";
import { caseStudies, findEntry } from "../content/collections.server.ts";
import type { CaseStudyMeta } from "../content/schema.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/case-study";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export function loader({ params }: Route.LoaderArgs) {
  const { slug, meta, html } = findEntry(caseStudies(), params.slug);
  return { slug, meta, html };
}

const trail = [{ name: "Previous work", path: "/previous-work" }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.meta.client} case study`,
        description: loaderData.meta.description,
        path: `/previous-work/${loaderData.slug}`,
        type: "article",
        breadcrumbs: trail,
      })
    : [];

/** Results first, beside a sketch of the finished site: the numbers are the story. */
function ResultsBand({
  slug,
  client,
  results,
}: {
  slug: string;
  client: string;
  results: CaseStudyMeta["results"];
}) {
  return (
    <section aria-labelledby="results-title" className="bg-ink py-8 text-paper md:py-12">
      <Container className="grid items-center gap-6 lg:grid-cols-[1.4fr_1fr] lg:gap-10">
        <CaseVisual slug={slug} results={results} />
        <div>
          <h2
            id="results-title"
            className="text-sm font-bold tracking-[0.14em] text-accent uppercase"
          >
            {client} in numbers
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3 lg:grid-cols-1 lg:gap-2.5">
            {results.map((result) => (
              <li key={result.label} className="border-t border-ink-line pt-2">
                <p className="text-5xl font-bold tracking-tight text-accent">{result.value}</p>
                <p className="mt-0.5 text-lg text-paper/75">{result.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { slug, meta, html } = loaderData;
  return (
    <ArticleLayout
      trail={trail}
      title={meta.title}
      eyebrow={joinWithDots(["Case study", meta.industry])}
      lead={meta.description}
      html={html}
      byline={
        <MetaList
          items={[
            meta.location,
            <>
              Launched <time dateTime={meta.date}>{formatDate(meta.date)}</time>
            </>,
            meta.duration,
          ]}
        />
      }
      aside={
        <dl className="space-y-4 rounded-sm border border-line p-3">
          <div>
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Client</dt>
            <dd className="mt-0.5 font-bold">{meta.client}</dd>
          </div>
          <div>
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Services</dt>
            <dd className="mt-0.5">{meta.services.join(", ")}</dd>
          </div>
          <div>
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Stack</dt>
            <dd className="mt-1 flex flex-wrap gap-0.5">
              {meta.stack.map((item) => (
                <span key={item} className="rounded-sm bg-paper-dim px-1 py-0.5 text-sm">
                  {item}
                </span>
              ))}
            </dd>
          </div>
        </dl>
      }
      intro={<ResultsBand slug={slug} client={meta.client} results={meta.results} />}
    >
      <Container className="border-t border-line py-8 md:py-10">
        <div className="flex flex-col items-start gap-3 md:flex-row md:items-center md:justify-between">
          <p className="max-w-2xl text-2xl font-bold tracking-tight">
            Have a business that deserves numbers like these? Let's talk about it.
          </p>
          <ButtonLink to="/home#contact-us">Talk to us about your project</ButtonLink>
        </div>
      </Container>
    </ArticleLayout>
  );
}
