import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { buttonClass, Container, PageHeader } from "../components/layout.tsx";
import { events } from "../content/collections.server.ts";
import type { EventMeta } from "../content/schema.ts";
import { absoluteUrl, pageMeta, shareImage } from "../seo.ts";
import type { Route } from "./+types/events";

type EventItem = { slug: string; meta: EventMeta; html: string; upcoming: boolean };

// Upcoming vs past is decided when the page is built; a daily rebuild keeps it current.
export function loader() {
  const now = Date.now();
  const all: EventItem[] = events().map(({ slug, meta, html }) => ({
    slug,
    meta,
    html,
    upcoming: Date.parse(meta.end) >= now,
  }));
  return {
    upcoming: all.filter((e) => e.upcoming),
    past: all.filter((e) => !e.upcoming).reverse(),
  };
}

function eventJsonLd(event: EventItem) {
  const { meta } = event;
  const location =
    meta.format === "online" || !meta.venue
      ? { "@type": "VirtualLocation", url: absoluteUrl(`/events#${event.slug}`) }
      : {
          "@type": "Place",
          name: meta.venue.name,
          address: {
            "@type": "PostalAddress",
            streetAddress: meta.venue.street,
            addressLocality: meta.venue.locality,
            addressRegion: meta.venue.region,
            postalCode: meta.venue.postalCode,
            addressCountry: meta.venue.country,
          },
        };
  const price = meta.price.toLowerCase() === "free" ? "0" : meta.price.replace(/[^0-9.]/g, "");
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: meta.title,
    description: meta.description,
    startDate: meta.start,
    endDate: meta.end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode:
      meta.format === "online"
        ? "https://schema.org/OnlineEventAttendanceMode"
        : "https://schema.org/OfflineEventAttendanceMode",
    location,
    image: [shareImage.url],
    url: absoluteUrl(`/events#${event.slug}`),
    organizer: { "@type": "Organization", name: site.name, url: absoluteUrl("/") },
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: absoluteUrl(`/events#${event.slug}`),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Events",
    description:
      "Free clinics, workshops and teardown nights for small-business owners in Savannah and online, run by the Fineline Studio team.",
    path: "/events",
    breadcrumbs: [],
    jsonLd: loaderData ? [...loaderData.upcoming, ...loaderData.past].map(eventJsonLd) : [],
  });

const timeZone = "America/New_York";
const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone,
});
const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone,
});
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", timeZone });
const dateFormat = new Intl.DateTimeFormat("en-US", { day: "numeric", timeZone });

function EventCard({ event }: { event: EventItem }) {
  const { meta } = event;
  const start = new Date(meta.start);
  const end = new Date(meta.end);
  return (
    <article
      id={event.slug}
      className="reveal grid scroll-mt-12 gap-3 border-t border-line py-5 md:grid-cols-[120px_1fr_280px] md:gap-5"
    >
      <p
        aria-hidden="true"
        className={`flex size-12 flex-col items-center justify-center rounded-sm ${event.upcoming ? "bg-ink text-paper" : "bg-paper-dim text-muted"}`}
      >
        <span className="text-sm font-bold tracking-[0.14em] uppercase">
          {monthFormat.format(start)}
        </span>
        <span className="text-4xl font-bold tracking-tight">{dateFormat.format(start)}</span>
      </p>
      <div>
        <h3 className="text-2xl font-bold tracking-tight md:text-3xl">{meta.title}</h3>
        <p className="mt-1 text-lg text-muted">{meta.description}</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time */}
        <div className="prose mt-2 text-base" dangerouslySetInnerHTML={{ __html: event.html }} />
      </div>
      <div className="space-y-3">
        <dl className="space-y-2 text-[0.95rem]">
          <div>
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">When</dt>
            <dd>
              <time dateTime={meta.start}>{dayFormat.format(start)}</time>
              <br />
              {timeFormat.format(start)} – <time dateTime={meta.end}>{timeFormat.format(end)}</time>{" "}
              Eastern
            </dd>
          </div>
          <div>
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Where</dt>
            <dd>
              {meta.venue ? (
                <>
                  {meta.venue.name}
                  <br />
                  {meta.venue.street}, {meta.venue.locality}, {meta.venue.region}{" "}
                  {meta.venue.postalCode}
                </>
              ) : (
                <>Online. {meta.onlineNote}</>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-bold tracking-[0.14em] text-muted uppercase">Price</dt>
            <dd>{meta.price}</dd>
          </div>
        </dl>
        {event.upcoming ? (
          <a
            href={`${mailtoHref(site.email)}?subject=${encodeURIComponent(`Save me a seat: ${meta.title}`)}`}
            className={buttonClass("primary", "sm")}
          >
            Save me a seat
          </a>
        ) : null}
      </div>
    </article>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Come and talk websites with us."
        lead="Free clinics, hands-on workshops and the occasional teardown night, in Savannah and online. Bring your questions and your laptop."
      />
      <Container className="py-8 md:py-12">
        <section aria-labelledby="upcoming-title">
          <h2 id="upcoming-title" className="text-3xl font-bold tracking-tight">
            Upcoming
          </h2>
          <div className="mt-3">
            {loaderData.upcoming.length ? (
              loaderData.upcoming.map((event) => <EventCard key={event.slug} event={event} />)
            ) : (
              <p className="border-t border-line py-4 text-lg text-muted">
                Nothing scheduled right now. Write to {site.email} and we'll tell you about the next
                one.
              </p>
            )}
          </div>
        </section>
        <section aria-labelledby="past-title" className="mt-10">
          <h2 id="past-title" className="text-3xl font-bold tracking-tight">
            Past events
          </h2>
          <div className="mt-3">
            {loaderData.past.map((event) => (
              <EventCard key={event.slug} event={event} />
            ))}
          </div>
        </section>
      </Container>
    </>
  );
}
