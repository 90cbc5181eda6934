import { Link } from "react-router";
import type { Crumb } from "../seo.ts";
import { KeepHyphenated } from "./keep-hyphenated.tsx";
import { Container } from "./layout.tsx";

/**
 * Visible breadcrumb trail matching the BreadcrumbList JSON-LD. One line at any width: the
 * trail's links keep their words whole, and the current page's name gives way with an
 * ellipsis, so a separator never starts or ends a line and no name breaks at its hyphen.
 */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex min-w-0 items-center gap-1">
        <li className="shrink-0">
          <Link to="/" className="hover:text-ink">
            Home
          </Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.path} className="flex shrink-0 items-center gap-1 whitespace-nowrap">
            <span aria-hidden="true">/</span>
            <Link to={crumb.path} className="hover:text-ink">
              {crumb.name}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 items-center gap-1">
          <span aria-hidden="true">/</span>
          <span aria-current="page" className="truncate text-ink">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** An article's breadcrumbs, eyebrow and title: the top of every article, event or not. */
export function ArticleTitle({
  trail,
  title,
  eyebrow,
}: {
  trail: readonly Crumb[];
  title: string;
  eyebrow: string;
}) {
  return (
    <>
      <Breadcrumbs trail={trail} current={title} />
      <p className="mt-4 text-sm font-bold tracking-[0.14em] text-accent-strong uppercase">
        {eyebrow}
      </p>
      <h1 className="mt-2 max-w-4xl text-title font-bold">
        <KeepHyphenated text={title} />
      </h1>
    </>
  );
}

/** Long-form page: breadcrumb, title block, Markdown body rendered at build time. */
export function ArticleLayout({
  trail,
  title,
  eyebrow,
  lead,
  byline,
  html,
  aside,
  intro,
  wideAside = false,
  children,
}: {
  trail: readonly Crumb[];
  title: string;
  eyebrow: string;
  lead: string;
  byline: React.ReactNode;
  html: string;
  aside?: React.ReactNode;
  /** Full-width block between the title and the body (case study results). */
  intro?: React.ReactNode;
  /** A wider side column, for an aside that carries more than facts (a case study's quote). */
  wideAside?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <article>
      <header className="border-b border-line pt-14 pb-6 md:pt-18 md:pb-8">
        <Container>
          <ArticleTitle trail={trail} title={title} eyebrow={eyebrow} />
          <p className="mt-3 max-w-2xl text-lg text-muted md:text-xl">{lead}</p>
          <div className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">{byline}</div>
        </Container>
      </header>
      {intro}
      <Container
        className={`grid gap-6 py-8 md:py-10 lg:gap-10 ${wideAside ? "lg:grid-cols-[minmax(0,1fr)_360px] xl:grid-cols-[minmax(0,1fr)_440px] xl:gap-16" : "lg:grid-cols-[minmax(0,1fr)_280px]"}`}
      >
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        {aside ? <aside className="lg:sticky lg:top-14 lg:self-start">{aside}</aside> : null}
      </Container>
      {children}
    </article>
  );
}
