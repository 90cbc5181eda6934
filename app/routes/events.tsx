import { Link } from "react-router";
import { site } from "../../domain/site.ts";
import {
  DateLeaf,
  type EventItem,
  eventJsonLd,
  placeLine,
  shortDay,
  timeRange,
} from "../components/event-details.tsx";
import { KeepHyphenated } from "../components/keep-hyphenated.tsx";
import { Arrow, Container, PageHeader } from "../components/layout.tsx";
import { buildTime } from "../content/build-clock.server.ts";
import { events } from "../content/collections.server.ts";
import { eventPath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/events";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

// Upcoming vs past is decided when the page is built; a daily rebuild keeps it current.
export function loader() {
  const now = buildTime();
  const all: EventItem[] = events().map(({ slug, meta }) => ({
    slug,
    path: eventPath(slug),
    meta,
    upcoming: Date.parse(meta.end) >= now,
  }));
  return {
    upcoming: all.filter((e) => e.upcoming),
    past: all.filter((e) => !e.upcoming).reverse(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Events",
    description: `Clinics, workshops and teardown nights for small-business owners in ${site.city} and online, most of them free, run by the ${site.name} team.`,
    path: "/events",
    breadcrumbs: [],
    jsonLd: loaderData ? [...loaderData.upcoming, ...loaderData.past].map(eventJsonLd) : [],
  });

/** An upcoming event as a summary: date, title, what it is, when and where, and its page. */
function UpcomingEvent({ event }: { event: EventItem }) {
  const { meta } = event;
  return (
    <li className="reveal group relative grid gap-2 border-t border-line py-5 sm:grid-cols-[auto_1fr] sm:gap-3 md:grid-cols-[auto_1fr_auto] md:gap-5">
      <DateLeaf meta={meta} upcoming />
      <div>
        <h3 className="text-2xl font-bold tracking-tight md:text-3xl">
          <Link to={event.path} className="after:absolute after:inset-0">
            <KeepHyphenated text={meta.title} />
          </Link>
        </h3>
        <p className="mt-1 max-w-2xl text-lg text-muted">{meta.description}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 text-[0.95rem]">
          <time dateTime={meta.start}>{shortDay(meta)}</time>
          <span>{timeRange(meta)}</span>
          <span>{placeLine(meta)}</span>
          <span className="font-semibold">{meta.price}</span>
        </p>
      </div>
      <p className="flex items-center gap-1 self-center font-bold text-accent-strong sm:col-start-2 md:col-start-3">
        Details and seats{" "}
        <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
      </p>
    </li>
  );
}

/** A past event, marked as past: one line with its date and a link to what it was. */
function PastEvent({ event }: { event: EventItem }) {
  const { meta } = event;
  return (
    <li className="grid content-start gap-1.5 border-t border-line py-3 sm:grid-cols-[auto_1fr] sm:items-start sm:gap-3">
      <DateLeaf meta={meta} upcoming={false} />
      <div>
        <p className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Past event</p>
        <h3 className="mt-0.5 text-xl font-bold tracking-tight">
          <Link to={event.path} className="underline-offset-4 hover:underline">
            <KeepHyphenated text={meta.title} />
          </Link>
        </h3>
        <p className="flex flex-wrap gap-x-3 text-[0.95rem] text-muted">
          <time dateTime={meta.start}>{shortDay(meta)}</time>
          <span>{placeLine(meta)}</span>
        </p>
      </div>
    </li>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Come and talk websites with us."
        lead={`Free clinics, hands-on workshops and the occasional teardown night, in ${site.city} and online. Bring your questions and your laptop.`}
      />
      <Container className="py-8 md:py-12">
        <section aria-labelledby="upcoming-title">
          <h2 id="upcoming-title" className="text-3xl font-bold tracking-tight">
            Upcoming
          </h2>
          {loaderData.upcoming.length ? (
            <ul className="mt-3">
              {loaderData.upcoming.map((event) => (
                <UpcomingEvent key={event.slug} event={event} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 border-t border-line py-4 text-lg text-muted">
              Nothing scheduled right now. Write to {site.email} and we'll tell you about the next
              one.
            </p>
          )}
        </section>
        {loaderData.past.length ? (
          <section aria-labelledby="past-title" className="mt-10">
            <h2 id="past-title" className="text-2xl font-bold tracking-tight text-muted">
              Past events
            </h2>
            <ul className="mt-3 grid gap-x-6 md:grid-cols-2">
              {loaderData.past.map((event) => (
                <PastEvent key={event.slug} event={event} />
              ))}
            </ul>
          </section>
        ) : null}
      </Container>
    </>
  );
}
