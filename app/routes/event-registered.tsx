import { eventTexts } from "../../domain/event-texts.ts";
import { paymentNote } from "../../domain/events.ts";
import { dayFormat, placeLine, timeRange } from "../components/event-details.tsx";
import { FormMessage } from "../components/form-fields.tsx";
import { Arrow, ButtonLink, ButtonRow, Container, Eyebrow } from "../components/layout.tsx";
import { events, findEntry } from "../content/collections.server.ts";
import { eventPath } from "../content/public-paths.server.ts";
import type { RouteHandle } from "../root.tsx";
import { privateMeta } from "../seo.ts";
import type { Route } from "./+types/event-registered";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

/**
 * Where an event's registration form lands after a plain (no-JavaScript) post: the
 * confirmation, one page per upcoming event, noindex (ADR 026).
 */
export function loader({ params }: Route.LoaderArgs) {
  const { slug, meta } = findEntry(events(), params.slug);
  return { slug, path: eventPath(slug), meta };
}

export const meta: Route.MetaFunction = () => privateMeta("You're registered");

export default function EventRegistered({ loaderData }: Route.ComponentProps) {
  const { path, meta } = loaderData;
  const payment = paymentNote(meta);
  return (
    <Container className="min-h-[60vh] pt-16 pb-12 md:pt-20">
      <Eyebrow>Events</Eyebrow>
      <h1 className="mt-2 max-w-3xl text-title font-bold">See you there.</h1>
      <div className="mt-4 max-w-2xl text-lg">
        <FormMessage kind="success">{eventTexts.registered}</FormMessage>
      </div>
      <dl className="mt-5 grid max-w-2xl gap-1.5 text-lg">
        <div>
          <dt className="text-sm font-bold tracking-[0.14em] text-muted uppercase">Event</dt>
          <dd className="font-semibold">{meta.title}</dd>
        </div>
        <div>
          <dt className="text-sm font-bold tracking-[0.14em] text-muted uppercase">When</dt>
          <dd>
            <time dateTime={meta.start}>{dayFormat.format(new Date(meta.start))}</time>,{" "}
            {timeRange(meta)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-bold tracking-[0.14em] text-muted uppercase">Where</dt>
          <dd>{placeLine(meta)}</dd>
        </div>
        {payment ? (
          // Nothing is charged online: the confirmation says again how to pay (docs/events.md).
          <div>
            <dt className="text-sm font-bold tracking-[0.14em] text-muted uppercase">Price</dt>
            <dd>
              {meta.price} a seat. {payment}
            </dd>
          </div>
        ) : null}
      </dl>
      <ButtonRow className="mt-6">
        <ButtonLink to={path}>
          Back to the event <Arrow />
        </ButtonLink>
        <ButtonLink to="/events" variant="secondary">
          All events
        </ButtonLink>
      </ButtonRow>
    </Container>
  );
}
