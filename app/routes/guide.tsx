import { ArticleLayout } from "../components/article-layout.tsx";
import { formatDate } from "../components/layout.tsx";
import { MetaList } from "../components/meta-list.tsx";
import { findEntry, wordpressGuides } from "../content/collections.server.ts";
import { guidePath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { absoluteUrl, pageMeta } from "../seo.ts";
import { articleJsonLd } from "../structured-data.ts";
import type { Route } from "./+types/guide";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export function loader({ params }: Route.LoaderArgs) {
  const { slug, meta, html, headings, readingMinutes } = findEntry(wordpressGuides(), params.slug);
  return { path: guidePath(slug), meta, html, headings, readingMinutes };
}

const trail = [
  { name: "Knowledge Hub", path: "/guides" },
  { name: "WordPress", path: "/guides#wordpress" },
];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.meta.title,
        description: loaderData.meta.description,
        path: loaderData.path,
        type: "article",
        breadcrumbs: trail,
        article: {
          published: loaderData.meta.date,
          modified: loaderData.meta.updated,
          author: loaderData.meta.author,
        },
        jsonLd: [
          articleJsonLd({
            type: "TechArticle",
            url: absoluteUrl(loaderData.path),
            title: loaderData.meta.title,
            description: loaderData.meta.description,
            published: loaderData.meta.date,
            modified: loaderData.meta.updated,
            author: loaderData.meta.author,
          }),
        ],
      })
    : [];

export default function Guide({ loaderData }: Route.ComponentProps) {
  const { meta, html, headings, readingMinutes } = loaderData;
  const sections = headings.filter((h) => h.depth === 2);
  return (
    <ArticleLayout
      trail={trail}
      title={meta.title}
      eyebrow={`Guide · ${meta.level}`}
      lead={meta.description}
      html={html}
      byline={
        <MetaList
          items={[
            `By ${meta.author}`,
            <time key="date" dateTime={meta.date}>
              {formatDate(meta.date)}
            </time>,
            ...(meta.updated
              ? [
                  <span key="updated">
                    Updated <time dateTime={meta.updated}>{formatDate(meta.updated)}</time>
                  </span>,
                ]
              : []),
            `${readingMinutes} min read`,
          ]}
        />
      }
      aside={
        sections.length ? (
          <nav aria-labelledby="toc-title" className="border-l border-line pl-3">
            <h2 id="toc-title" className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
              In this guide
            </h2>
            <ol className="mt-2 space-y-1 text-[0.95rem]">
              {sections.map((h) => (
                <li key={h.id}>
                  <a href={`#${h.id}`} className="text-muted hover:text-ink">
                    {h.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : undefined
      }
    />
  );
}
