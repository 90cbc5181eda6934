import { site } from "../../domain/site.ts";
import { EntryList } from "../components/entry-list.tsx";
import { Container, Eyebrow, PageHeader } from "../components/layout.tsx";
import { wordpressGuides } from "../content/collections.server.ts";
import { guidePath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/guides";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export function loader() {
  return {
    wordpress: wordpressGuides().map((g) => ({
      to: guidePath(g.slug),
      title: g.meta.title,
      description: g.meta.description,
      date: g.meta.updated ?? g.meta.date,
      author: g.meta.author,
      readingMinutes: g.readingMinutes,
      label: g.meta.level,
    })),
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Knowledge Hub",
    description: `Practical guides from ${site.name} for small-business owners and their teams, starting with WordPress and WooCommerce, in plain English.`,
    path: "/guides",
    breadcrumbs: [],
  });

export default function Guides({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Knowledge Hub"
        title="Guides for the people who run the business."
        lead="Plain-English, step-by-step guides written by our team for owners and staff. No jargon, no upsell, free to read and share."
      />
      <Container className="py-8 md:py-12">
        <section id="wordpress" aria-labelledby="wordpress-title" className="scroll-mt-12">
          <Eyebrow>WordPress</Eyebrow>
          <h2 id="wordpress-title" className="mt-1 text-3xl font-bold tracking-tight md:text-4xl">
            WordPress and WooCommerce
          </h2>
          <p className="mt-1 mb-4 max-w-2xl text-lg text-muted">
            WordPress runs well over a third of all websites. Start with what it is, then learn the
            jobs your team does every week.
          </p>
          <EntryList entries={loaderData.wordpress} />
        </section>
      </Container>
    </>
  );
}
