import type { EventMeta } from "../../domain/content-schema.ts";
import { eventTimeZone } from "../../domain/event-texts.ts";
import { mapUrl } from "../../domain/map-link.ts";
import { site } from "../../domain/site.ts";
import { absoluteUrl, shareImageFor } from "../seo.ts";

/** An event as the pages show it: upcoming or past is decided when the page is built. */
export type EventItem = { slug: string; path: string; meta: EventMeta; upcoming: boolean };

const timeZone = eventTimeZone;
export const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone,
});
const shortDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
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

export const timeRange = (meta: EventMeta) =>
  `${timeFormat.format(new Date(meta.start))} – ${timeFormat.format(new Date(meta.end))} Eastern`;
export const shortDay = (meta: EventMeta) => shortDayFormat.format(new Date(meta.start));

/** Where, in one line: the venue and its town, or "Online". */
export const placeLine = (meta: EventMeta) =>
  meta.venue ? `${meta.venue.name}, ${meta.venue.locality}` : "Online";

const leafLooks = {
  // Beside an event in a list; on a phone a tab above the text, month and day on one line,
  // so the text keeps the width.
  list: {
    box: "flex w-fit items-baseline gap-1 px-1.5 py-0.5 sm:size-12 sm:flex-col sm:items-center sm:justify-center sm:gap-0 sm:p-0",
    month: "text-sm",
    day: "text-xl sm:text-4xl",
  },
  // At the head of an event's ticket, the same at every width.
  ticket: {
    box: "grid size-9 place-content-center text-center",
    month: "text-xs",
    day: "text-3xl leading-none",
  },
} as const;

/** The calendar leaf of an event: month over day, dark while it is still to come. */
export function DateLeaf({
  meta,
  upcoming,
  look = "list",
}: {
  meta: Pick<EventMeta, "start">;
  upcoming: boolean;
  look?: keyof typeof leafLooks;
}) {
  const start = new Date(meta.start);
  const classes = leafLooks[look];
  return (
    <p
      aria-hidden="true"
      className={`${classes.box} shrink-0 rounded-sm ${upcoming ? "bg-ink text-paper" : "bg-paper-dim text-muted"}`}
    >
      <span className={`${classes.month} font-bold tracking-[0.14em] uppercase`}>
        {monthFormat.format(start)}
      </span>
      <span className={`${classes.day} font-bold tracking-tight tabular-nums`}>
        {dateFormat.format(start)}
      </span>
    </p>
  );
}

type Venue = NonNullable<EventMeta["venue"]>;

/** The venue's street address on one line, as a map search and a letter would take it. */
export const venueAddress = (venue: Venue) =>
  `${venue.street}, ${venue.locality}, ${venue.region} ${venue.postalCode}, ${venue.country}`;

/** A map of the venue, found by its address (domain/map-link.ts). */
export const venueMapUrl = (venue: Venue) => mapUrl(venueAddress(venue));

/**
 * schema.org Event for search engines. A past event keeps EventScheduled (it took place as
 * scheduled) but offers no ticket: it can no longer be booked.
 */
export function eventJsonLd(event: EventItem) {
  const { meta } = event;
  const url = absoluteUrl(event.path);
  const location =
    meta.format === "online" || !meta.venue
      ? { "@type": "VirtualLocation", url }
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
    image: [shareImageFor(event.path, meta.title).url],
    url,
    organizer: { "@type": "Organization", name: site.name, url: absoluteUrl("/") },
    // The studio's own team runs every event (schema.org recommends naming the performer).
    performer: { "@type": "Organization", name: site.name, url: absoluteUrl("/about") },
    ...(event.upcoming
      ? {
          offers: {
            "@type": "Offer",
            price,
            priceCurrency: "USD",
            availability: "https://schema.org/InStock",
            validFrom: meta.announced,
            validThrough: meta.start,
            url,
          },
        }
      : {}),
  };
}
