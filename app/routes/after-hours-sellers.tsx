import { site } from "../../domain/site.ts";
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
import type { Route } from "./+types/after-hours-sellers";

/**
 * /home2: the landing page for businesses that sell after hours (venues, restaurants, shops
 * that take bookings, orders and enquiries at night). Dark, the accent glowing in its lines.
 * Prerendered and static: no React in the browser but the contact form's island.
 */
export const handle: RouteHandle = { tone: "dark", hydrate: false };

/** The studies whose proof is sales made while the owners were closed. */
const studySlugs = ["magnolia-mornings", "longue-vue"] as const;

export async function loader() {
  const studies = caseStudySummaries();
  return {
    studies: studySlugs.flatMap((slug) => studies.filter((study) => study.slug === slug)),
    testimonials: await testimonialsFor("home2"),
  };
}

export const meta = () =>
  pageMeta({
    title: "A website that works the night shift",
    description: `Bookings, orders and inquiries that arrive after you close: ${site.name} builds websites that take them while you sleep, and shows you the numbers.`,
    path: "/home2",
  });

const sourcePage = "/home2";

export default function HomeNightShift({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-ink text-paper">
      <Hero />
      <Overnight />
      <Testimonials
        id="night-voices"
        tone="dark"
        title="Owners who sleep while their site sells."
        items={loaderData.testimonials}
      />
      <Process />
      <Work studies={loaderData.studies} />
      <Contact />
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="night-hero" className="pt-16 pb-10 md:pt-20 md:pb-14">
      <Container className="grid items-center gap-6 lg:grid-cols-[1fr_1.05fr] lg:gap-8">
        <div>
          <ToneEyebrow tone="dark">For businesses that sell after hours</ToneEyebrow>
          <h1 id="night-hero" className="mt-3 text-display font-bold">
            A website that works the night shift.
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-paper/75 md:text-xl">
            Your customers decide at ten at night, on a phone, from the couch. We build sites that
            answer their questions, take the booking, the order or the deposit, and leave you a tidy
            list in the morning.
          </p>
          <ButtonRow className="mt-5">
            <ButtonLink to="#contact-us" variant="accent">
              Plan your night shift <Arrow />
            </ButtonLink>
            <ButtonLink to="#work" variant="secondary">
              See the results
            </ButtonLink>
          </ButtonRow>
        </div>
        <LineArt
          drawing="night"
          intro
          className="w-full text-paper/85 drop-shadow-[0_0_14px_rgb(255_90_31/0.35)]"
        />
      </Container>
      <Container className="mt-8 md:mt-10">
        <div className="flex flex-col gap-3 border-t border-ink-line pt-4 lg:flex-row lg:items-center lg:gap-6">
          <h2 className="shrink-0 text-sm font-semibold text-muted-light">
            Independent businesses we build and host for
          </h2>
          <LogoList
            tone="dark"
            className="grid flex-1 grid-cols-2 items-center gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6"
          />
        </div>
      </Container>
    </section>
  );
}

/** A night on the site, hour by hour: the page's reason to exist, in four moments. */
const night = [
  {
    time: "9:48 PM",
    title: "A catering order, quoted and paid",
    body: "Per-guest pricing, the kitchen’s calendar checked and a 25% deposit taken. Nobody answered an email.",
  },
  {
    time: "11:15 PM",
    title: "A tour, booked from the calendar",
    body: "A couple sees their Saturday is open with its price beside it, and picks a 45-minute tour slot for Thursday.",
  },
  {
    time: "1:30 AM",
    title: "An inquiry that cannot go missing",
    body: "Saved to the database before it is emailed, so a bouncing inbox never swallows a lead again.",
  },
  {
    time: "6:45 AM",
    title: "Pickup orders, queued for the rush",
    body: "Orders land in 15-minute slots the kitchen can handle, with a text to each customer when their order is ready.",
  },
] as const;

function Overnight() {
  return (
    <section
      aria-labelledby="night-overnight"
      className="border-t border-ink-line bg-ink-soft py-12 md:py-16"
    >
      <Container>
        <div className="reveal grid gap-3 lg:grid-cols-[1fr_1fr] lg:items-end lg:gap-8">
          <div>
            <ToneEyebrow tone="dark">After closing</ToneEyebrow>
            <h2 id="night-overnight" className="mt-2 text-title font-bold">
              What your website does between closing and opening.
            </h2>
          </div>
          <p className="max-w-xl text-lg text-paper/75">
            Every one of these happened on a site we built, on a night the owners were asleep. None
            of them needed a person, and all of them were waiting in a list by breakfast.
          </p>
        </div>
        <ol className="mt-8 grid gap-x-5 gap-y-6 md:grid-cols-2 lg:grid-cols-4">
          {night.map((moment) => (
            <li key={moment.time} className="reveal border-t border-paper/25 pt-3">
              <p className="flex items-center gap-1.5 text-lg font-bold text-accent tabular-nums">
                <span
                  aria-hidden="true"
                  className="size-1 rounded-full bg-accent shadow-[0_0_10px_rgb(255_90_31/0.8)]"
                />
                {moment.time}
              </p>
              <h3 className="mt-2 text-2xl font-bold tracking-tight">{moment.title}</h3>
              <p className="mt-1 text-lg text-paper/75">{moment.body}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

const steps: readonly (ProcessStep & { drawing: "discover" | "plan" | "build" | "launch" })[] = [
  {
    title: "Discover",
    drawing: "discover",
    body: "We list every question customers ask after you close, from “are you open Sunday?” to “can I book for twelve?”, and find where your site leaves them waiting for morning.",
  },
  {
    title: "Plan",
    drawing: "plan",
    body: "A fixed quote for the few things that must work unattended: booking, ordering, deposits, the inquiry form. You know the price and the launch date before we start.",
  },
  {
    title: "Build",
    drawing: "build",
    body: "Weekly rounds you can click through on your own phone at midnight. Payments, calendars and confirmation texts are tested end to end, not just designed.",
  },
  {
    title: "Launch & Support",
    drawing: "launch",
    body: "We switch over on a quiet weekday, watch every overnight order for the first month, and stay on call with hosting that does not sleep either.",
  },
];

function Process() {
  return (
    <section aria-labelledby="night-process" className="border-t border-ink-line py-12 md:py-16">
      <Container>
        <ToneEyebrow tone="dark">Discover, Plan, Build, Launch &amp; Support</ToneEyebrow>
        <h2 id="night-process" className="mt-2 max-w-4xl text-title font-bold">
          From first call to first overnight booking.
        </h2>
        {/* A two-by-two gallery: each step's drawing draws itself as it scrolls into view. */}
        <ol className="mt-8 grid gap-8 md:grid-cols-2 md:gap-x-8 md:gap-y-10">
          {steps.map((step, index) => (
            <li key={step.title} className="reveal grid gap-3 sm:grid-cols-[minmax(0,14rem)_1fr]">
              <LineArt drawing={step.drawing} className="h-auto w-full max-w-56 text-paper/85" />
              <div>
                <p
                  className="text-sm font-bold tabular-nums tracking-wide text-accent"
                  aria-hidden="true"
                >
                  {String(index + 1).padStart(2, "0")}
                </p>
                <h3 className="mt-1 text-3xl font-bold tracking-tight">{step.title}</h3>
                <p className="mt-1 max-w-md text-lg text-paper/75">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

function Work({ studies }: { studies: Route.ComponentProps["loaderData"]["studies"] }) {
  return (
    <section
      id="work"
      aria-labelledby="night-work"
      className="scroll-mt-12 border-t border-ink-line py-12 md:py-16"
    >
      <Container>
        <div className="reveal flex flex-col justify-between gap-3 md:flex-row md:items-end">
          <div>
            <ToneEyebrow tone="dark">Previous work</ToneEyebrow>
            <h2 id="night-work" className="mt-2 max-w-3xl text-title font-bold">
              Proof, counted in sales made after hours.
            </h2>
          </div>
          <a
            href="/previous-work"
            className="inline-flex items-center gap-1 font-bold text-accent hover:text-paper"
          >
            All case studies <Arrow />
          </a>
        </div>
        <div className="mt-6 grid gap-3 md:grid-cols-2">
          {studies.map((study) => (
            <div key={study.slug} className="reveal">
              <CaseStudyCard study={study} tone="dark" />
            </div>
          ))}
        </div>
      </Container>
    </section>
  );
}

function Contact() {
  return (
    <section
      id="contact-us"
      aria-labelledby="night-contact"
      className="scroll-mt-12 border-t border-ink-line bg-ink-soft py-12 md:py-16"
    >
      <Container className="grid gap-6 lg:grid-cols-[1fr_1.2fr] lg:gap-8">
        <div>
          <ToneEyebrow tone="dark">Get in touch</ToneEyebrow>
          <h2 id="night-contact" className="mt-2 text-title font-bold">
            Tell us what happens after you close.
          </h2>
          <p className="mt-2 max-w-md text-lg text-paper/75">
            A free call, a one-page brief and a fixed quote. Tell us what customers try to do at
            night and we will show you how your site can do it for them.
          </p>
          <h3 className="mt-5 text-lg font-bold">Useful to mention</h3>
          <ul className="mt-1.5 grid max-w-md gap-1 text-lg text-paper/75">
            {[
              "What people book, order or ask for",
              "Roughly how many come in a week, and when",
              "What you use today: booking apps, delivery apps, a PDF menu",
            ].map((item) => (
              <li key={item} className="flex gap-1.5">
                <span aria-hidden="true" className="mt-1.5 h-px w-2 shrink-0 bg-accent" />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-5">
            <DirectLines tone="dark" />
          </div>
        </div>
        <ContactCard sourcePage={sourcePage} tone="dark" />
      </Container>
    </section>
  );
}
