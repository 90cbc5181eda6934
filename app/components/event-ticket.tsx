import { seatsInAllText } from "../../domain/event-texts.ts";
import { isPaid, paymentNote } from "../../domain/events.ts";
import { site } from "../../domain/site.ts";
import {
  DateLeaf,
  dayFormat,
  type EventItem,
  timeRange,
  venueAddress,
  venueMapUrl,
} from "./event-details.tsx";
import { buttonClass } from "./layout.tsx";

const label = "text-xs font-bold tracking-[0.14em] text-muted uppercase";

/**
 * The event's ticket: when (a calendar leaf, the day, the time with its zone), where (with a
 * map, or how to join online), the price and how it is paid, the seats, and the way to one.
 * It sits right under the title on a phone and beside the write-up at a desk, so the first
 * screen answers "when, where, what does it cost, can I still come" (docs/events.md).
 */
export function EventTicket({
  event,
  registrationOpen,
}: {
  event: EventItem;
  /** The page has its registration form (#register): until the event starts. */
  registrationOpen: boolean;
}) {
  const { meta, slug } = event;
  const payment = paymentNote(meta);
  return (
    <section
      aria-labelledby="ticket-title"
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
      {...(registrationOpen
        ? // The registration island fills in the seats left as the page opens (docs/events.md).
          { "data-island": "event-seats", "data-props": JSON.stringify({ slug }) }
        : {})}
    >
      <h2 id="ticket-title" className="sr-only">
        When and where
      </h2>
      <div className="flex items-center gap-2">
        <DateLeaf meta={meta} upcoming={event.upcoming} look="ticket" />
        <p className="min-w-0">
          <time dateTime={meta.start} className="block font-bold">
            {dayFormat.format(new Date(meta.start))}
          </time>
          <span className="text-ink-soft">{timeRange(meta)}</span>
        </p>
      </div>
      <dl className="mt-2 grid gap-1.5 border-t border-line pt-2 text-[0.95rem]">
        <div>
          <dt className={label}>Where</dt>
          {meta.venue ? (
            <dd>
              <span className="font-semibold">{meta.venue.name}</span>
              <br />
              {meta.venue.street}, {meta.venue.locality}, {meta.venue.region}{" "}
              {meta.venue.postalCode}{" "}
              <a
                href={venueMapUrl(meta.venue)}
                target="_blank"
                rel="noopener"
                aria-label={`Map of ${meta.venue.name} (opens in a new tab)`}
                title={venueAddress(meta.venue)}
                className="font-semibold whitespace-nowrap text-accent-strong underline underline-offset-4 hover:text-ink"
              >
                Map
                <svg viewBox="0 0 16 16" aria-hidden="true" className="ml-0.5 inline size-1.5">
                  <path
                    d="M6 3h7v7M13 3 4 12"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </a>
            </dd>
          ) : (
            // Online: how to join is the event's own note (docs/events.md, "Adding an event").
            <dd>
              <span className="font-semibold">Online</span>
              {meta.onlineNote ? (
                <>
                  <br />
                  {meta.onlineNote}
                </>
              ) : null}
            </dd>
          )}
        </div>
        <div>
          <dt className={label}>Price</dt>
          <dd>
            <span className="font-semibold">
              {isPaid(meta.price) ? `${meta.price} a seat` : "Free"}
            </span>
            {payment ? <span className="mt-0.5 block text-sm text-ink-soft">{payment}</span> : null}
          </dd>
        </div>
        {registrationOpen ? (
          <div>
            <dt className={label}>Seats</dt>
            {/* Capacity until the island says how many are left: one line either way, no shift. */}
            <dd data-seats className="min-h-lh font-semibold">
              {seatsInAllText(meta.capacity)}
            </dd>
          </div>
        ) : null}
      </dl>
      {registrationOpen ? (
        <a href="#register" className={`${buttonClass("primary")} mt-2 w-full`}>
          Save me a seat
        </a>
      ) : event.upcoming ? (
        <p className="mt-2 rounded-sm bg-paper-dim p-2 text-[0.95rem] text-muted">
          Registration has closed: the event is underway.
        </p>
      ) : (
        <p className="mt-2 rounded-sm bg-paper-dim p-2 text-[0.95rem] text-muted">
          This event took place on {dayFormat.format(new Date(meta.start))}. Write to {site.email}{" "}
          if you would like us to run it again.
        </p>
      )}
    </section>
  );
}
