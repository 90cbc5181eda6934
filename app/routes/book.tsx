import { site } from "../../domain/site.ts";
import { BookingIsland } from "../components/booking-picker.tsx";
import { Container, Eyebrow } from "../components/layout.tsx";
import { PersonPortrait } from "../components/portrait.tsx";
import { people } from "../content/collections.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/book";

/** Prerendered; the picker is an island without a framework (ADR 022). */
export const handle: RouteHandle = { hydrate: false };

export const meta = () =>
  pageMeta({
    title: "Book a free call",
    description: `Pick a time for a free 30-minute call with ${site.name}: your website, your goals and a straight answer on cost. The invite lands in your inbox at once.`,
    path: "/book",
    breadcrumbs: [],
  });

const agenda = [
  "Where your site stands today, and what it should do for the business",
  "What we would build, how long it takes, and a price range you can plan with",
  "Whether we’re the right fit. If we’re not, we’ll say so and point you to someone who is",
];

/** The founder runs every discovery call: the first of the studio's people (their order). */
export function loader() {
  return { host: people()[0] ?? null };
}

/**
 * /book, laid out as a scheduling page (docs/booking.md, "The pages"): a short title, the
 * host's card (who, how long, where, in which zone) beside the picker, which starts in the
 * first screen on a phone too; what the call covers comes after. The island fills in the
 * length and the place from the owner's availability.
 */
export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { host } = loaderData;
  return (
    <Container className="pt-12 pb-8 md:pt-14 md:pb-12">
      <div className="grid gap-4 lg:grid-cols-[19rem_1fr] lg:gap-x-8 lg:gap-y-5">
        <header className="lg:col-start-1">
          <Eyebrow>Book a free call</Eyebrow>
          <h1 className="mt-1 text-3xl font-bold tracking-tight md:text-4xl">
            Thirty minutes, and you’ll know your next step.
          </h1>
        </header>
        <aside
          aria-label="About the call"
          className="grid grid-cols-[4rem_1fr] items-center gap-x-2 gap-y-1.5 rounded-sm border border-line bg-white p-2 lg:col-start-1 lg:grid-cols-[5rem_1fr] lg:p-3"
        >
          <div className="flex aspect-square items-end justify-center overflow-hidden rounded-full bg-paper-dim">
            <PersonPortrait
              person={host ?? { name: site.name }}
              className="h-[90%] w-auto text-ink"
              initialsClassName="flex size-full items-center justify-center text-2xl font-bold text-accent-strong"
            />
          </div>
          <div>
            <p className="font-bold">{host?.name ?? site.name}</p>
            {host ? <p className="text-sm text-muted">{host.role}</p> : null}
          </div>
          <dl className="col-span-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 border-t border-line pt-1.5 text-sm">
            <dt className="font-semibold">Length</dt>
            {/* The default length until the island reads the owner's (domain/booking.ts). */}
            <dd data-call-length>30 minutes</dd>
            <dt className="font-semibold">Where</dt>
            <dd
              data-call-where
              className="[&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-4"
            >
              Told when you book
            </dd>
            {/* On a phone the picker says the zone and the button the cost: the card stays short. */}
            <dt className="font-semibold max-lg:hidden">Times</dt>
            <dd className="max-lg:hidden">In your time zone, which you can change</dd>
            <dt className="font-semibold max-lg:hidden">Cost</dt>
            <dd className="max-lg:hidden">Free, and no obligation</dd>
          </dl>
        </aside>
        <div className="min-w-0 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <BookingIsland />
        </div>
        <section aria-labelledby="book-agenda" className="lg:col-start-1">
          <h2 id="book-agenda" className="text-lg font-bold">
            What we’ll cover
          </h2>
          <ul className="mt-1 grid gap-1 text-muted">
            {agenda.map((item) => (
              <li key={item} className="border-l-2 border-accent pl-2">
                {item}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Container>
  );
}
