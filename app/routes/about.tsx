import { site } from "../../domain/site.ts";
import { ButtonLink, Container, Eyebrow, PageHeader } from "../components/layout.tsx";
import { PersonPortrait } from "../components/portrait.tsx";
import { processSteps } from "../components/process-steps.tsx";
import { people } from "../content/collections.server.ts";
import { services } from "../content/services.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/about";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

/** The people are entries the owner edits in the studio (docs/site.md, "People"). */
export function loader() {
  return { team: people() };
}

const numberWords = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** "four people", "one person", "14 people". */
function headcount(count: number): string {
  return `${numberWords[count] ?? count} ${count === 1 ? "person" : "people"}`;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "About the studio",
    description: `Meet ${site.name}: ${headcount(loaderData?.team.length ?? 0)} in ${site.city} who design, build and host websites for small businesses, and the ${numberWords[services.length] ?? services.length} services we offer.`,
    path: "/about",
    breadcrumbs: [],
  });

const principles = [
  {
    title: "Speed is a feature",
    body: "Every page we ship is built to load in under two seconds on a mid-range phone. We measure it before launch and every month after.",
  },
  {
    title: "Plain words, fixed prices",
    body: "You get a quote you can hold us to and reports without jargon. If something will cost more, you hear it from us first.",
  },
  {
    title: "Built to be handed over",
    body: "Your domain, your code, your content. No lock-in, no proprietary builder, full documentation when we’re done.",
  },
  {
    title: "Accessible by default",
    body: "We build to WCAG 2.2 AA because your customers include people who use screen readers, keyboards and magnifiers.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="About"
        title="A small studio for small businesses."
        lead={`${site.shortName} is ${team.length > 0 ? headcount(team.length) : "a small team"} in ${site.place}. Since ${site.foundedYear} we have built and looked after websites for inns, cafés, clinics, shops and venues across the Southeast, and we answer our own phone.`}
      />
      {team.length === 0 ? null : (
        <section aria-labelledby="team-title" className="py-12 md:py-16">
          <Container>
            <Eyebrow>The team</Eyebrow>
            <h2 id="team-title" className="mt-2 text-title font-bold">
              The people you will actually talk to.
            </h2>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {team.map((member) => (
                <li
                  key={member.name}
                  className="reveal grid grid-cols-[7rem_1fr] items-center gap-x-2 gap-y-2 rounded-sm border border-line p-2 sm:grid-cols-1 sm:content-start sm:items-start sm:p-3"
                >
                  {/* A framed drawing, shoulders on the frame's edge: a portrait, not a thumbnail. */}
                  <div className="flex aspect-square items-end justify-center overflow-hidden rounded-sm bg-paper-dim sm:aspect-[4/3]">
                    <PersonPortrait
                      person={member}
                      className="h-[88%] w-auto text-ink"
                      initialsClassName="flex size-full items-center justify-center text-4xl font-bold text-accent-strong"
                    />
                  </div>
                  <div>
                    <h3 className="text-xl font-bold tracking-tight">{member.name}</h3>
                    <p className="text-sm font-semibold text-accent-strong">{member.role}</p>
                  </div>
                  <p className="col-span-2 text-muted sm:col-span-1">{member.bio}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}
      <section aria-labelledby="approach-title" className="bg-paper-dim py-12 md:py-16">
        <Container className="grid gap-6 lg:grid-cols-[1fr_1.5fr]">
          <div>
            <Eyebrow>Our approach</Eyebrow>
            <h2 id="approach-title" className="mt-2 text-title font-bold">
              What we promise every client.
            </h2>
            <p className="mt-2 max-w-md text-lg text-muted">
              Projects follow four steps:{" "}
              {processSteps
                .map((s) => s.title)
                .join(", ")
                .replace(/, ([^,]*)$/, " and $1")}
              . These four principles hold through all of them.
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {principles.map((p) => (
              <li key={p.title} className="reveal border-t-2 border-ink pt-2">
                <h3 className="text-xl font-bold tracking-tight">{p.title}</h3>
                <p className="mt-1 text-muted">{p.body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <section
        id="services"
        aria-labelledby="services-title"
        className="scroll-mt-12 py-12 md:py-16"
      >
        <Container>
          <Eyebrow>Services</Eyebrow>
          <h2 id="services-title" className="mt-2 max-w-3xl text-title font-bold">
            Nine services, one team that knows your business.
          </h2>
          <div className="mt-6 divide-y divide-line border-y border-line">
            {services.map((service, index) => (
              <article
                key={service.slug}
                id={service.slug}
                className="reveal grid gap-2 py-5 md:grid-cols-[80px_1fr_1.3fr] md:gap-5"
              >
                <span
                  aria-hidden="true"
                  className="text-sm font-bold tabular-nums tracking-wide text-accent-strong"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                <div>
                  <h3 className="text-2xl font-bold tracking-tight">{service.name}</h3>
                  <p className="mt-1 text-muted">{service.summary}</p>
                </div>
                <div>
                  <p className="text-lg">{service.detail}</p>
                  <ul className="mt-2 flex flex-wrap gap-1">
                    {service.outcomes.map((o) => (
                      <li
                        key={o}
                        className="rounded-sm bg-paper-dim px-1.5 py-0.5 text-sm font-semibold"
                      >
                        {o}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            ))}
          </div>
          <div className="mt-6">
            <ButtonLink to="/home#contact-us">Ask about a project</ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
