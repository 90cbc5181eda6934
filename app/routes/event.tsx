import { eventJsonLd } from "../components/event-details.tsx";
import { EventLayout } from "../components/event-layout.tsx";
import { EventRegistration } from "../components/event-registration.tsx";
import { EventTicket } from "../components/event-ticket.tsx";
import { buildTime } from "../content/build-clock.server.ts";
import { events, findEntry } from "../content/collections.server.ts";
import { eventPath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/event";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

// Upcoming vs past is decided when the page is built; a daily rebuild keeps it current.
export function loader({ params }: Route.LoaderArgs) {
  const { slug, meta, html } = findEntry(events(), params.slug);
  return {
    event: { slug, path: eventPath(slug), meta, upcoming: Date.parse(meta.end) >= buildTime() },
    // Registration closes as the event starts (the server refuses from then on, ADR 026).
    registrationOpen: Date.parse(meta.start) > buildTime(),
    html,
  };
}

const trail = [{ name: "Events", path: "/events" }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.event.meta.title,
        description: loaderData.event.meta.description,
        path: loaderData.event.path,
        breadcrumbs: trail,
        jsonLd: [eventJsonLd(loaderData.event)],
      })
    : [];

export default function Event({ loaderData }: Route.ComponentProps) {
  const { event, html, registrationOpen } = loaderData;
  return (
    <article>
      <EventLayout
        trail={trail}
        title={event.meta.title}
        eyebrow={event.upcoming ? "Event" : "Past event"}
        lead={event.meta.description}
        html={html}
        ticket={<EventTicket event={event} registrationOpen={registrationOpen} />}
      />
      {registrationOpen ? (
        <EventRegistration
          slug={event.slug}
          path={event.path}
          title={event.meta.title}
          capacity={event.meta.capacity}
          price={event.meta.price}
          payment={event.meta.payment}
        />
      ) : null}
    </article>
  );
}
