import { ArticleLayout } from "../components/article-layout.tsx";
import { ButtonLink, Container, formatDate } from "../components/layout.tsx";
import { caseStudies, findEntry } from "../content/collections.server.ts";
import type { CaseStudyMeta } from "../content/schema.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/case-study";

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
function ResultsBand({ client, results }: { client: string; results: CaseStudyMeta["results"] }) {
  return (
    <section aria-labelledby="results-title" className="bg-ink py-8 text-paper md:py-12">
      <Container className="grid items-center gap-6 lg:grid-cols-[1fr_1.2fr] lg:gap-10">
        <div
          aria-hidden="true"
          className="overflow-hidden rounded-sm border border-ink-line bg-ink-soft"
        >
          <div className="flex items-center gap-0.5 border-b border-ink-line px-1.5 py-1">
            <span className="size-1 rounded-full bg-ink-line" />
            <span className="size-1 rounded-full bg-ink-line" />
            <span className="size-1 rounded-full bg-ink-line" />
            <span className="ml-1.5 h-1.5 flex-1 rounded-sm bg-ink" />
          </div>
          <div className="grid gap-2 p-3 md:p-4">
            <div className="h-1.5 w-1/3 rounded-full bg-paper/80" />
            <div className="h-1 w-2/3 rounded-full bg-paper/30" />
            <div className="mt-1 grid grid-cols-3 gap-1">
              <div className="h-8 rounded-sm bg-paper/10" />
              <div className="h-8 rounded-sm bg-paper/10" />
              <div className="h-8 rounded-sm bg-accent/80" />
            </div>
            <svg
              viewBox="0 0 300 80"
              className="mt-1 h-auto w-full text-accent"
              role="presentation"
            >
              <path
                d="M0 70 C60 66 90 60 130 48 S210 20 300 8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <path d="M0 79h300" stroke="var(--color-ink-line)" strokeWidth="1" />
            </svg>
          </div>
        </div>
        <div>
          <h2
            id="results-title"
            className="text-sm font-bold tracking-[0.14em] text-accent uppercase"
          >
            {client} in numbers
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3 lg:grid-cols-1 lg:gap-2">
            {results.map((result) => (
              <li
                key={result.label}
                className="border-t border-ink-line pt-2 lg:grid lg:grid-cols-[180px_1fr] lg:items-baseline lg:gap-3"
              >
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
  const { meta, html } = loaderData;
  return (
    <ArticleLayout
      trail={trail}
      title={meta.title}
      eyebrow={`Case study · ${meta.industry}`}
      lead={meta.description}
      html={html}
      byline={
        <>
          <span>{meta.location}</span>
          <span aria-hidden="true">·</span>
          <span>
            Launched <time dateTime={meta.date}>{formatDate(meta.date)}</time>
          </span>
          <span aria-hidden="true">·</span>
          <span>{meta.duration}</span>
        </>
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
      intro={<ResultsBand client={meta.client} results={meta.results} />}
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
