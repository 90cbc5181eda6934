import { site } from "../../domain/site.ts";
import { CaseStudyCard } from "../components/case-study-card.tsx";
import { Container, PageHeader } from "../components/layout.tsx";
import { caseStudySummaries } from "../content/collections.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/previous-work";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export function loader() {
  return {
    studies: caseStudySummaries(),
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Previous work",
    description: `Case studies from ${site.name}: how a wedding venue and a café group won more bookings and kept more margin with fast, well-built websites.`,
    path: "/previous-work",
    breadcrumbs: [],
  });

export default function PreviousWork({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Previous work"
        title="Work we can put numbers to."
        lead="Every project starts with a number the client cares about: bookings, orders, hours saved, dollars kept. Here is how two of them turned out."
      />
      <Container className="grid gap-3 py-8 md:grid-cols-2 md:py-12">
        {loaderData.studies.map((study) => (
          <div key={study.slug} className="reveal">
            <CaseStudyCard study={study} headingLevel={2} />
          </div>
        ))}
      </Container>
    </>
  );
}
