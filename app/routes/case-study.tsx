import type { CaseStudyMeta } from "../../domain/content-schema.ts";
import { ArticleLayout } from "../components/article-layout.tsx";
import { CaseVisual } from "../components/case-visuals/case-visual.tsx";
import { ButtonLink, Container, formatDate } from "../components/layout.tsx";
import { joinWithDots, MetaList } from "../components/meta-list.tsx";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { PullQuote } from "../components/testimonials.tsx";
import { caseStudies, findEntry, testimonialsFor } from "../content/collections.server.ts";
import { imageFor } from "../content/images.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/case-study";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export async function loader({ params }: Route.LoaderArgs) {
  const { slug, meta, html } = findEntry(caseStudies(), params.slug);
  const [quotes, images] = await Promise.all([
    testimonialsFor({ caseStudy: slug }),
    Promise.all(
      meta.images.map(async (picture) => ({
        ...picture,
        image: await imageFor(picture.src, { minWidth: 1200 }),
      })),
    ),
  ]);
  return { slug, meta, html, quote: quotes[0] ?? null, images };
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

/** The work in pictures, after the story: screenshots and photos at their own proportions. */
function Gallery({
  client,
  images,
}: {
  client: string;
  images: Route.ComponentProps["loaderData"]["images"];
}) {
  return (
    <section aria-labelledby="gallery-title" className="border-t border-line py-8 md:py-12">
      <Container>
        <h2 id="gallery-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          {client}, up close
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {images.map((picture, index) => (
            <figure
              key={picture.src}
              className={images.length % 2 === 1 && index === 0 ? "md:col-span-2" : undefined}
            >
              <ResponsiveImage
                image={picture.image}
                alt={picture.alt}
                sizes={
                  images.length % 2 === 1 && index === 0
                    ? "(min-width: 1440px) 1360px, 94vw"
                    : "(min-width: 1440px) 670px, (min-width: 768px) 46vw, 94vw"
                }
                className="h-auto w-full rounded-sm border border-line"
              />
              {picture.caption ? (
                <figcaption className="mt-1 text-sm text-muted">{picture.caption}</figcaption>
              ) : null}
            </figure>
          ))}
        </div>
      </Container>
    </section>
  );
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { slug, meta, html, quote, images } = loaderData;
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
      wideAside
      aside={
        <div className="grid gap-6">
          {quote ? <PullQuote item={quote} /> : null}
          <dl className="grid gap-2 rounded-sm border border-line p-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <div>
              <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Client</dt>
              <dd className="mt-0.5 font-bold">{meta.client}</dd>
            </div>
            <div>
              <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Where</dt>
              <dd className="mt-0.5">{meta.location}</dd>
            </div>
            <div className="sm:col-span-2 lg:col-span-1 xl:col-span-2">
              <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Services</dt>
              <dd className="mt-0.5">{meta.services.join(", ")}</dd>
            </div>
            <div className="sm:col-span-2 lg:col-span-1 xl:col-span-2">
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
          <ul
            className="grid grid-cols-3 gap-1.5 lg:grid-cols-1 xl:grid-cols-3"
            aria-label="Results"
          >
            {meta.results.map((result) => (
              <li key={result.label} className="border-t-2 border-accent pt-1">
                <p className="text-2xl font-bold tracking-tight">{result.value}</p>
                <p className="text-sm text-muted">{result.label}</p>
              </li>
            ))}
          </ul>
        </div>
      }
      intro={<ResultsBand slug={slug} client={meta.client} results={meta.results} />}
    >
      {images.length > 0 ? <Gallery client={meta.client} images={images} /> : null}
      <Container className="border-t border-line py-8 md:py-10">
        <div className="flex flex-col items-start gap-3 md:flex-row md:items-center md:justify-between">
          <p className="max-w-2xl text-2xl font-bold tracking-tight">
            Have a business that deserves numbers like these? Let’s talk about it.
          </p>
          <ButtonLink to="/home#contact-us">Talk to us about your project</ButtonLink>
        </div>
      </Container>
    </ArticleLayout>
  );
}
