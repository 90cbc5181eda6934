import { Link } from "react-router";
import { site } from "../../domain/site.ts";
import { CaseStudyCard } from "../components/case-study-card.tsx";
import { LogoList } from "../components/client-logos.tsx";
import { ContactFormIsland } from "../components/contact-form.tsx";
import { DirectLines } from "../components/landing-sections.tsx";
import { Arrow, ButtonLink, ButtonRow, Container, Eyebrow } from "../components/layout.tsx";
import { LineArt } from "../components/line-art.tsx";
import { bookHref } from "../components/nav-items.ts";
import { ProcessSteps } from "../components/process-steps.tsx";
import { ServiceArt } from "../components/service-art.tsx";
import { Testimonials } from "../components/testimonials.tsx";
import { caseStudySummaries, testimonialsFor } from "../content/collections.server.ts";
import { services } from "../content/services.ts";
import type { RouteHandle } from "../root.tsx";
import { organizationJsonLd, pageMeta, siteUrl } from "../seo.ts";
import type { Route } from "./+types/home";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export async function loader() {
  return {
    studies: caseStudySummaries(),
    testimonials: await testimonialsFor("home"),
  };
}

// "/" and "/home" are the same page; both name "/" as canonical.
export const meta: Route.MetaFunction = () =>
  pageMeta({
    description: `${site.name} designs, builds and hosts fast, search-friendly websites for small businesses. Book a free consultation with our ${site.city} studio.`,
    path: "/",
    jsonLd: [
      organizationJsonLd(),
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.name,
        url: `${siteUrl}/`,
        publisher: { "@id": `${siteUrl}/#organization` },
      },
    ],
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <WorkStrip studies={loaderData.studies} />
      <TrustedBy />
      <Claim />
      <Testimonials
        id="voices-title"
        title="Owners who stopped losing customers to their website."
        items={loaderData.testimonials}
      />
      <Services />
      <Process />
      <SelectedWork studies={loaderData.studies} />
      <ContactSection />
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative pt-16 pb-8 md:pt-20 md:pb-12">
      <Container className="grid items-center gap-6 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <Eyebrow>Independent web studio · {site.place}</Eyebrow>
          <h1 id="hero-title" className="mt-3 text-display font-bold">
            {site.homeHeadline}
          </h1>
          {site.homeSubline ? (
            <p className="mt-3 max-w-xl text-lg text-muted md:text-xl">{site.homeSubline}</p>
          ) : null}
          <ButtonRow className="mt-5">
            <ButtonLink to={bookHref}>
              Book a free call <Arrow />
            </ButtonLink>
            <ButtonLink to="/previous-work" variant="secondary">
              See our work
            </ButtonLink>
          </ButtonRow>
        </div>
        <LineArt drawing="horizon" intro className="w-full text-ink" />
      </Container>
    </section>
  );
}

/**
 * Proof before the second screen ends (docs/site.md): each study's client and its headline
 * figure, a line each, leading to the full story.
 */
function WorkStrip({ studies }: { studies: Route.ComponentProps["loaderData"]["studies"] }) {
  return (
    <section aria-labelledby="recent-work" className="pb-8 md:pb-10">
      <Container>
        <h2 id="recent-work" className="text-sm font-semibold text-muted">
          Recent work
        </h2>
        <ul className="mt-1.5 grid gap-1.5 md:grid-cols-2">
          {studies.map((study) => {
            const headline = study.results[0];
            return (
              <li key={study.slug} className="min-w-0">
                <Link
                  to={`/previous-work/${study.slug}`}
                  className="group flex h-full items-center gap-2 rounded-sm border border-line bg-white/60 p-2 transition-colors hover:border-ink md:p-2.5"
                >
                  {headline ? (
                    <span className="shrink-0 text-3xl font-bold tracking-tight text-accent-deep tabular-nums md:text-4xl">
                      {headline.value}
                    </span>
                  ) : null}
                  <span className="min-w-0 flex-1">
                    <span className="block font-bold">{study.client}</span>
                    <span className="block text-sm text-muted">
                      {headline ? `${headline.label} · ` : ""}
                      {study.industry}
                    </span>
                  </span>
                  <Arrow className="size-2 shrink-0 text-accent-strong transition-transform group-hover:translate-x-0.5" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}

function TrustedBy() {
  return (
    <section aria-labelledby="trusted-title" className="border-y border-line py-4">
      <Container className="flex flex-col gap-3 md:flex-row md:items-center md:gap-5">
        <h2 id="trusted-title" className="shrink-0 text-sm font-semibold text-muted">
          Trusted by independent businesses across the Southeast
        </h2>
        <LogoList className="grid flex-1 grid-cols-2 items-center gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6" />
      </Container>
    </section>
  );
}

/**
 * The claim (docs/product.md, "Routes"), stated once: the figure is the first word of the
 * sentence, not a numeral beside the same words. Its sources open below it, without script.
 */
function Claim() {
  return (
    <section aria-labelledby="claim-title" className="py-12 md:py-16">
      <Container className="reveal grid gap-4 lg:grid-cols-[1.15fr_1fr] lg:items-end lg:gap-10">
        <h2 id="claim-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          <span className="block text-[clamp(6rem,4rem+10vw,12rem)] leading-[0.85] tracking-[-0.05em] text-accent-deep">
            75%
          </span>{" "}
          <span className="mt-2 block max-w-3xl">
            of people judge credibility by the website in under half a second.
          </span>
        </h2>
        <div className="max-w-2xl">
          <p className="text-lg text-muted">
            Before anyone reads a word, they have decided whether you look trustworthy. Speed,
            clarity and care are what they are judging, and they are exactly what we build.
          </p>
          <details className="group mt-3 text-muted">
            <summary className="inline-flex min-h-[44px] cursor-pointer items-center gap-1 font-semibold text-ink underline decoration-line underline-offset-4 hover:decoration-accent">
              Where these figures come from
            </summary>
            <ul className="mt-1.5 grid gap-1.5 border-l-2 border-accent pl-2">
              <li>
                <strong className="text-ink">75%:</strong> three in four people said they judge a
                company’s credibility by its website’s design, in Stanford’s Web Credibility
                Research (B. J. Fogg and colleagues, Stanford Persuasive Technology Lab, 2002).{" "}
                <a
                  href="https://credibility.stanford.edu/guidelines/index.html"
                  className="text-accent-strong underline underline-offset-4"
                >
                  Stanford Guidelines for Web Credibility
                </a>
              </li>
              <li>
                <strong className="text-ink">Under half a second:</strong> people formed a lasting
                first impression of a web page’s visual appeal within 50 milliseconds (Lindgaard,
                Fernandes, Dudek and Brown, <cite>Behaviour &amp; Information Technology</cite>{" "}
                25(2), 2006).{" "}
                <a
                  href="https://doi.org/10.1080/01449290500330448"
                  className="text-accent-strong underline underline-offset-4"
                >
                  The paper
                </a>
              </li>
            </ul>
          </details>
        </div>
      </Container>
    </section>
  );
}

function Services() {
  return (
    <section aria-labelledby="services-title" className="bg-ink py-12 text-paper md:py-16">
      <Container>
        <div className="reveal flex flex-col justify-between gap-3 md:flex-row md:items-end">
          <div>
            <p className="text-sm font-bold tracking-[0.14em] text-accent uppercase">What we do</p>
            <h2 id="services-title" className="mt-2 max-w-3xl text-title font-bold">
              Nine ways we help a small business look as good as it is.
            </h2>
          </div>
          <Link
            to="/about#services"
            className="inline-flex items-center gap-1 font-bold text-accent hover:text-paper"
          >
            All services in detail <Arrow />
          </Link>
        </div>
        {/* Nine services: three columns from a tablet up; on two columns the ninth spans both,
            so no cell is left alone in its row. */}
        <ul className="mt-6 grid border-t border-l border-ink-line sm:grid-cols-2 md:grid-cols-3">
          {services.map((service, index) => (
            <li
              key={service.slug}
              className="reveal border-r border-b border-ink-line p-3 sm:max-md:last:odd:col-span-2 md:p-4"
            >
              <div className="flex items-start justify-between gap-2">
                <span
                  aria-hidden="true"
                  className="text-sm font-bold tabular-nums tracking-wide text-accent"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                <ServiceArt slug={service.slug} className="-mt-1 -mr-1 w-15 text-paper/80" />
              </div>
              <h3 className="mt-1 text-xl font-bold tracking-tight">{service.name}</h3>
              <p className="mt-1 text-paper/70">{service.summary}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function Process() {
  return (
    <section aria-labelledby="process-title" className="py-12 md:py-16">
      <Container className="grid gap-5 lg:grid-cols-[1fr_1.6fr] lg:gap-8">
        <div className="lg:sticky lg:top-14 lg:self-start">
          <Eyebrow>How we work</Eyebrow>
          <h2 id="process-title" className="mt-2 text-title font-bold">
            Four steps, one fixed price, no surprises.
          </h2>
          <p className="mt-2 max-w-md text-lg text-muted">
            Most projects take six to ten weeks from the first call to launch. You always know what
            happens next and what it costs.
          </p>
        </div>
        <ProcessSteps />
      </Container>
    </section>
  );
}

function SelectedWork({ studies }: { studies: Route.ComponentProps["loaderData"]["studies"] }) {
  return (
    <section aria-labelledby="work-title" className="border-t border-line py-12 md:py-16">
      <Container>
        <div className="reveal flex flex-col justify-between gap-3 md:flex-row md:items-end">
          <div>
            <Eyebrow>Previous work</Eyebrow>
            <h2 id="work-title" className="mt-2 text-title font-bold">
              Results our clients can count.
            </h2>
          </div>
          <Link
            to="/previous-work"
            className="inline-flex items-center gap-1 font-bold text-accent-strong hover:text-ink"
          >
            All case studies <Arrow />
          </Link>
        </div>
        <div className="mt-6 grid gap-3 md:grid-cols-2">
          {studies.map((study) => (
            <div key={study.slug} className="reveal">
              <CaseStudyCard study={study} />
            </div>
          ))}
        </div>
      </Container>
    </section>
  );
}

function ContactSection() {
  return (
    <section
      id="contact-us"
      aria-labelledby="contact-title"
      className="scroll-mt-12 bg-paper-dim py-12 md:py-16"
    >
      <Container className="grid gap-5 lg:grid-cols-[1fr_1.2fr] lg:gap-8">
        <div>
          <Eyebrow>Contact us</Eyebrow>
          <h2 id="contact-title" className="mt-2 text-title font-bold">
            Tell us about your business.
          </h2>
          <p className="mt-2 max-w-md text-lg text-muted">
            A free, no-obligation consultation or a fixed quote. We answer every inquiry within one
            business day.
          </p>
          <DirectLines tone="light" className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {site.hours ? (
              <div>
                <dt className="text-sm font-semibold text-muted">Studio hours</dt>
                <dd className="mt-0.5">{site.hours}</dd>
              </div>
            ) : null}
          </DirectLines>
        </div>
        <div className="rounded-sm border border-line bg-paper p-3 md:p-5">
          <ContactFormIsland />
        </div>
      </Container>
    </section>
  );
}
