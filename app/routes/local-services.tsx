import { CaseStudyCard } from "../components/case-study-card.tsx";
import { LogoList } from "../components/client-logos.tsx";
import { ContactCard, DirectLines, ToneEyebrow } from "../components/landing-sections.tsx";
import { Arrow, ButtonLink, ButtonRow, Container } from "../components/layout.tsx";
import { LineArt } from "../components/line-art.tsx";
import type { ProcessStep } from "../components/process-steps.tsx";
import { Testimonials } from "../components/testimonials.tsx";
import { caseStudySummaries, testimonialsFor } from "../content/collections.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/local-services";

/**
 * /home3: the landing page for local services (trades, clinics, salons, venues): customers
 * who search nearby, compare two or three sites and call. Paper-white with ink lines.
 * Prerendered and static: no React in the browser but the contact form's island.
 */
export const handle: RouteHandle = { hydrate: false };

/** The study whose proof is local search: page one nearby, and the calls that came from it. */
const featuredSlug = "longue-vue";

export async function loader() {
  // Case studies are published from the studio now: without this one, the newest stands in,
  // and without any the page goes on without its proof rather than failing to render.
  const studies = caseStudySummaries();
  const study = studies.find((summary) => summary.slug === featuredSlug) ?? studies[0] ?? null;
  return { study, testimonials: await testimonialsFor("home3") };
}

export const meta = () =>
  pageMeta({
    title: "Clear lines, clean code, customers who call",
    description:
      "Websites for trades, clinics, salons and local services: found when people nearby search, clear on a phone, one tap from a call or a booking.",
    path: "/home3",
  });

const sourcePage = "/home3";

export default function HomeLocal({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Testimonials
        id="local-voices"
        title="The phone rings for the right jobs."
        items={loaderData.testimonials}
      />
      <Essentials />
      <Process />
      {loaderData.study ? <Proof study={loaderData.study} /> : null}
      <Contact />
    </>
  );
}

/** What a local customer checks in the first screen, in the order they check it. */
const checks = [
  { question: "Do you do the job I need?", answer: "A page for each service, in their words." },
  { question: "Do you cover where I live?", answer: "Your towns and hours, plainly stated." },
  { question: "Can I reach you right now?", answer: "Your number one tap away on every page." },
] as const;

function Hero() {
  return (
    <section aria-labelledby="local-hero" className="pt-16 pb-10 md:pt-20 md:pb-14">
      <Container>
        <div className="grid gap-4 lg:grid-cols-[1.4fr_1fr] lg:items-end lg:gap-8">
          <div>
            <ToneEyebrow tone="light">For trades, clinics, salons and local services</ToneEyebrow>
            <h1 id="local-hero" className="mt-3 text-display font-bold">
              Clear lines. Clean code. Customers who call.
            </h1>
          </div>
          <div className="lg:pb-1">
            <p className="max-w-xl text-lg text-muted md:text-xl">
              When someone needs a plumber, a physical therapist or a haircut, they search, glance
              at two or three sites and call the one that looks sure of itself. We build that site.
            </p>
            <ButtonRow className="mt-4">
              <ButtonLink to="#contact-us">
                Get a free site check <Arrow />
              </ButtonLink>
              <ButtonLink to="#process" variant="secondary">
                How we work
              </ButtonLink>
            </ButtonRow>
          </div>
        </div>
        <div className="mt-8 grid gap-6 border-t border-ink pt-6 md:grid-cols-[1.3fr_1fr] md:items-center lg:gap-8">
          <LineArt drawing="local" intro className="w-full text-ink" />
          <div>
            <h2 className="text-2xl font-bold tracking-tight">
              Three questions, answered before anyone scrolls.
            </h2>
            <ol className="mt-3 border-t border-line">
              {checks.map((check, index) => (
                <li
                  key={check.question}
                  className="grid grid-cols-[1.5rem_1fr] items-baseline gap-x-2 border-b border-line py-2"
                >
                  <span
                    aria-hidden="true"
                    className="text-sm font-bold tabular-nums tracking-wide text-accent-strong"
                  >
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <div>
                    <p className="text-lg font-bold">{check.question}</p>
                    <p className="text-muted">{check.answer}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </Container>
    </section>
  );
}

/** What every local-service site we build carries, whatever the trade. */
const essentials = [
  {
    title: "A page for every service",
    body: "“HVAC repair,” “sports massage,” “balayage”: each gets its own page with prices or a starting price, so search engines and people find the exact job.",
  },
  {
    title: "Area pages that match searches",
    body: "The towns and neighborhoods you cover, with real travel times and jobs done there, not a list of place names stuffed into a footer.",
  },
  {
    title: "Tap to call, book or ask",
    body: "Your number in the bar of every page, online booking where your schedule allows it, and a short form that reaches you and never a spam folder.",
  },
  {
    title: "Reviews and your map listing in step",
    body: "Your Google Business Profile tidied and linked, with the same hours, photos and services as the site, so the map and the page agree.",
  },
  {
    title: "Fast on a weak signal",
    body: "Pages that load in under two seconds on a phone in a parking lot, because that is where many of your customers are when they look you up.",
  },
  {
    title: "Yours to update",
    body: "Change hours, prices and holiday closures yourself in minutes, or send us a text and we will do it the same day on a care plan.",
  },
] as const;

function Essentials() {
  return (
    <section aria-labelledby="local-essentials" className="bg-paper-dim py-12 md:py-16">
      <Container>
        <div className="reveal grid gap-3 lg:grid-cols-[1fr_1fr] lg:items-end lg:gap-8">
          <div>
            <ToneEyebrow tone="light">What every local site gets</ToneEyebrow>
            <h2 id="local-essentials" className="mt-2 text-title font-bold">
              Built for the search that ends in a phone call.
            </h2>
          </div>
          <p className="max-w-xl text-lg text-muted">
            Six things we put on every site for a local business. None is a gimmick; each is a
            reason someone nearby picks you over the next result.
          </p>
        </div>
        <ul className="mt-8 grid border-t border-l border-line sm:grid-cols-2 lg:grid-cols-3">
          {essentials.map((item) => (
            <li
              key={item.title}
              className="reveal border-r border-b border-line bg-paper p-3 md:p-4"
            >
              <h3 className="text-xl font-bold tracking-tight">{item.title}</h3>
              <p className="mt-1 text-muted">{item.body}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-3 md:grid-cols-[auto_1fr] md:items-center md:gap-6">
          <h2 className="text-sm font-semibold text-muted">Local businesses we work with</h2>
          <LogoList
            tone="light"
            className="grid grid-cols-2 items-center gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6"
          />
        </div>
      </Container>
    </section>
  );
}

const steps: readonly (ProcessStep & { drawing: "discover" | "plan" | "build" | "launch" })[] = [
  {
    title: "Discover",
    drawing: "discover",
    body: "We search for your services the way customers do, in your towns, and see who shows up and why. You get a one-page brief either way.",
  },
  {
    title: "Plan",
    drawing: "plan",
    body: "A fixed quote, a page for each service and area you cover, and the words for them, written with you and in your voice.",
  },
  {
    title: "Build",
    drawing: "build",
    body: "Fast pages with your number one tap away, tested on real phones over a weak signal and with a screen reader.",
  },
  {
    title: "Launch & Support",
    drawing: "launch",
    body: "We move your domain without losing a link, tidy your map listing, and keep hours and prices current on a small monthly plan.",
  },
];

function Process() {
  return (
    <section
      id="process"
      aria-labelledby="local-process"
      className="scroll-mt-12 border-t border-line py-12 md:py-16"
    >
      <Container>
        <ToneEyebrow tone="light">The process</ToneEyebrow>
        <h2 id="local-process" className="mt-2 max-w-4xl text-title font-bold">
          Discover, Plan, Build, Launch &amp; Support, at one fixed price.
        </h2>
        {/* A four-column timeline joined by one ruled line; the drawings draw as they scroll. */}
        <ol className="mt-8 grid gap-8 sm:grid-cols-2 sm:gap-x-5 lg:grid-cols-4 lg:border-t lg:border-ink lg:pt-5">
          {steps.map((step, index) => (
            <li key={step.title} className="reveal">
              <LineArt drawing={step.drawing} className="h-auto w-full max-w-64 text-ink" />
              <p
                className="mt-3 text-sm font-bold tabular-nums tracking-wide text-accent-strong"
                aria-hidden="true"
              >
                {String(index + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-1 text-3xl font-bold tracking-tight">{step.title}</h3>
              <p className="mt-1 max-w-md text-lg text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

/** The local-search results of the featured study, from its Markdown (content/case-studies). */
const localResults = [
  { value: "Page one", label: "for “wedding venue near Savannah” within four months" },
  { value: "Top 3", label: "in the local map results, with 40 new photos on the listing" },
  { value: "0", label: "inquiries lost since launch: all 412 are on the owner’s board" },
] as const;

function Proof({ study }: { study: NonNullable<Route.ComponentProps["loaderData"]["study"]> }) {
  return (
    <section aria-labelledby="local-proof" className="border-t border-line py-12 md:py-16">
      <Container>
        <div className="reveal flex flex-col justify-between gap-3 md:flex-row md:items-end">
          <div>
            <ToneEyebrow tone="light">Previous work</ToneEyebrow>
            <h2 id="local-proof" className="mt-2 max-w-3xl text-title font-bold">
              Found nearby. Booked directly.
            </h2>
          </div>
          <a
            href="/previous-work"
            className="inline-flex items-center gap-1 font-bold text-accent-strong hover:text-ink"
          >
            All case studies <Arrow />
          </a>
        </div>
        <div className="mt-6 grid gap-5 lg:grid-cols-[1.3fr_1fr] lg:gap-8">
          <div className="reveal">
            <CaseStudyCard study={study} />
          </div>
          <div className="reveal flex flex-col">
            <p className="text-lg text-muted">
              A family-run venue outside Bluffton sat on page three for the search its best
              customers type. We rebuilt the site around local search, live availability and an
              inquiry form that cannot lose mail.
            </p>
            <dl className="mt-4 border-t border-ink">
              {localResults.map((result) => (
                <div
                  key={result.value}
                  className="grid gap-x-3 border-b border-line py-3 sm:grid-cols-[10rem_1fr] sm:items-baseline"
                >
                  <dt className="text-4xl font-bold tracking-tight text-ink">{result.value}</dt>
                  <dd className="text-muted">{result.label}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </Container>
    </section>
  );
}

function Contact() {
  return (
    <section
      id="contact-us"
      aria-labelledby="local-contact"
      className="scroll-mt-12 border-t border-line bg-paper-dim py-12 md:py-16"
    >
      <Container className="grid gap-6 lg:grid-cols-[1fr_1.2fr] lg:gap-8">
        <div>
          <ToneEyebrow tone="light">Free site check</ToneEyebrow>
          <h2 id="local-contact" className="mt-2 text-title font-bold">
            See what your customers see first.
          </h2>
          <p className="mt-2 max-w-md text-lg text-muted">
            Send us your website, or tell us you do not have one yet. We answer within one business
            day.
          </p>
          <ol className="mt-5 grid max-w-md gap-3">
            {[
              "You tell us your trade and the towns you cover.",
              "We search for your services there, the way a customer would.",
              "A 20-minute call: what we found and what would change it.",
            ].map((item, index) => (
              <li
                key={item}
                className="grid grid-cols-[1.5rem_1fr] items-baseline gap-x-2 border-t border-line pt-2 text-lg"
              >
                <span
                  aria-hidden="true"
                  className="text-sm font-bold tabular-nums tracking-wide text-accent-strong"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                {item}
              </li>
            ))}
          </ol>
          <div className="mt-5">
            <DirectLines tone="light" />
          </div>
        </div>
        <ContactCard sourcePage={sourcePage} />
      </Container>
    </section>
  );
}
