import { Link } from "react-router";
import type { PersonMeta } from "../../domain/content-schema.ts";
import { ArticleLayout } from "../components/article-layout.tsx";
import { buttonClass, Container, formatDate } from "../components/layout.tsx";
import { MetaList } from "../components/meta-list.tsx";
import { PersonPortrait } from "../components/portrait.tsx";
import { blogPosts, findEntry, people } from "../content/collections.server.ts";
import { blogPostPath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { absoluteUrl, pageMeta, rssLink } from "../seo.ts";
import { articleJsonLd } from "../structured-data.ts";
import type { Route } from "./+types/blog-post";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export function loader({ params }: Route.LoaderArgs) {
  const posts = blogPosts();
  const { slug, meta, html, readingMinutes } = findEntry(posts, params.slug);
  // The posts either side of this one, nearest first: publishing a post changes the "more"
  // of its neighbours only, not of every post (docs/decisions/033).
  const at = posts.findIndex((p) => p.slug === slug);
  const more = [at - 1, at + 1, at - 2, at + 2]
    .flatMap((i) => posts[i] ?? [])
    .slice(0, 2)
    .sort((a, b) => b.meta.date.localeCompare(a.meta.date))
    .map((p) => ({ to: blogPostPath(p.slug), title: p.meta.title, date: p.meta.date }));
  // The author's card, from the studio's people (an author no longer among them: a name).
  const author = people().find((person) => person.name === meta.author) ?? null;
  return { path: blogPostPath(slug), meta, html, readingMinutes, more, author };
}

const trail = [{ name: "Journal", path: "/secret/blog" }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.meta.title,
        description: loaderData.meta.description,
        path: loaderData.path,
        type: "article",
        breadcrumbs: trail,
        article: { published: loaderData.meta.date, author: loaderData.meta.author },
        jsonLd: [
          articleJsonLd({
            type: "BlogPosting",
            url: absoluteUrl(loaderData.path),
            title: loaderData.meta.title,
            description: loaderData.meta.description,
            published: loaderData.meta.date,
            author: loaderData.meta.author,
          }),
        ],
        extra: [rssLink],
      })
    : [];

function AuthorCard({ name, member }: { name: string; member: PersonMeta | null }) {
  return (
    <div className="space-y-4">
      <div className="rounded-sm border border-line p-3">
        <p className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Written by</p>
        <div className="mt-2 flex items-center gap-1.5">
          <PersonPortrait
            person={member ?? { name }}
            className="size-8 shrink-0 rounded-sm bg-paper-dim text-ink"
            initialsClassName="flex size-8 shrink-0 items-center justify-center rounded-sm bg-ink text-lg font-bold text-accent"
          />
          <span>
            <span className="block font-bold">{name}</span>
            {member ? <span className="block text-sm text-muted">{member.role}</span> : null}
          </span>
        </div>
        {member ? <p className="mt-2 text-[0.95rem] text-muted">{member.bio}</p> : null}
      </div>
      <div className="rounded-sm bg-ink p-3 text-paper">
        <p className="font-bold">Want this kind of care for your site?</p>
        <p className="mt-1 text-[0.95rem] text-paper/70">
          A free consultation, a fixed quote, no pressure.
        </p>
        <Link to="/home#contact-us" className={`mt-2 ${buttonClass("accent", "sm")}`}>
          Contact us
        </Link>
      </div>
      <a
        href="/secret/blog/rss.xml"
        className="block text-sm font-semibold text-accent-strong underline underline-offset-4"
      >
        Follow the journal by RSS
      </a>
    </div>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { meta, html, readingMinutes, more } = loaderData;
  return (
    <ArticleLayout
      trail={trail}
      title={meta.title}
      eyebrow={`Journal · ${meta.tags.join(" · ")}`}
      lead={meta.description}
      html={html}
      aside={<AuthorCard name={meta.author} member={loaderData.author} />}
      byline={
        <MetaList
          items={[
            `By ${meta.author}`,
            <time key="date" dateTime={meta.date}>
              {formatDate(meta.date)}
            </time>,
            `${readingMinutes} min read`,
          ]}
        />
      }
    >
      <Container className="border-t border-line py-8 md:py-10">
        <h2 className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
          More from the journal
        </h2>
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {more.map((post) => (
            <li key={post.to}>
              <Link
                to={post.to}
                className="group block rounded-sm border border-line p-3 hover:border-ink"
              >
                <span className="block text-sm text-muted">{formatDate(post.date)}</span>
                <span className="mt-0.5 block text-xl font-bold tracking-tight group-hover:text-accent-strong">
                  {post.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </ArticleLayout>
  );
}
