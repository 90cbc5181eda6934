import { Link } from "react-router";
import { blogSections } from "../../domain/content-schema.ts";
import { site } from "../../domain/site.ts";
import { EntryList } from "../components/entry-list.tsx";
import { Container, PageHeader } from "../components/layout.tsx";
import { blogPosts } from "../content/collections.server.ts";
import { blogPostPath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta, rssLink } from "../seo.ts";
import type { Route } from "./+types/blog";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

const sectionCopy: Record<(typeof blogSections)[number], { title: string; lead: string }> = {
  building: {
    title: "Building",
    lead: "How we build and look after websites, and the tools we made to do it.",
  },
  "field-notes": {
    title: "Field notes",
    lead: "What we’ve learned from our small-business projects since 2019.",
  },
  letters: {
    title: "Letters",
    lead: "Straight answers to questions our clients and neighbors ask us.",
  },
};

export function loader() {
  const posts = blogPosts();
  return {
    sections: blogSections.map((section) => ({
      id: section,
      ...sectionCopy[section],
      entries: posts
        .filter((p) => p.meta.section === section)
        .map((p) => ({
          to: blogPostPath(p.slug),
          title: p.meta.title,
          description: p.meta.description,
          date: p.meta.date,
          author: p.meta.author,
          readingMinutes: p.readingMinutes,
        })),
    })),
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Journal",
    description: `The ${site.name} journal: notes on building, maintaining and growing small-business websites, plus letters answering the questions we hear most.`,
    path: "/secret/blog",
    breadcrumbs: [],
    extra: [rssLink],
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Journal"
        title="Notes from the studio."
        lead="What we’re building, what we’re learning, and honest answers for the people we build for."
      >
        <p className="mt-3">
          <a
            href="/secret/blog/rss.xml"
            className="font-semibold text-accent-strong underline underline-offset-4"
          >
            Subscribe with RSS
          </a>
        </p>
      </PageHeader>
      <Container className="space-y-10 py-8 md:py-12">
        {loaderData.sections
          .filter((s) => s.entries.length)
          .map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-12"
            >
              <h2
                id={`${section.id}-title`}
                className="text-3xl font-bold tracking-tight md:text-4xl"
              >
                {section.title}
              </h2>
              <p className="mt-1 mb-4 max-w-2xl text-lg text-muted">{section.lead}</p>
              <EntryList entries={section.entries} />
            </section>
          ))}
        <p className="text-muted">
          Looking for step-by-step help? Our{" "}
          <Link
            to="/guides"
            className="font-semibold text-accent-strong underline underline-offset-4"
          >
            Knowledge Hub
          </Link>{" "}
          has guides.
        </p>
      </Container>
    </>
  );
}
