import { ArticleLayout } from "../components/article-layout.tsx";
import { ButtonLink, Container, formatDate } from "../components/layout.tsx";
import { caseStudies, findEntry } from "../content/collections.server.ts";
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
    >
      <section aria-labelledby="results-title" className="bg-ink py-10 text-paper md:py-14">
        <Container>
          <h2
            id="results-title"
            className="text-sm font-bold tracking-[0.14em] text-accent uppercase"
          >
            Results in numbers
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {meta.results.map((result) => (
              <li key={result.label} className="reveal border-t border-ink-line pt-3">
                <p className="text-5xl font-bold tracking-tight text-accent md:text-6xl">
                  {result.value}
                </p>
                <p className="mt-1 text-lg text-paper/75">{result.label}</p>
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ButtonLink to="/home#contact-us" variant="accent">
              Talk to us about your project
            </ButtonLink>
          </div>
        </Container>
      </section>
    </ArticleLayout>
  );
}
