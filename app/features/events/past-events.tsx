import { eventTimeZone } from "../../../domain/event-texts.ts";
import type { EventSummary } from "../../../domain/events.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";

/** Events that have ended: when, and how many of their seats were taken. */
export function PastEvents({ events }: { events: EventSummary[] }) {
  return (
    <section aria-labelledby="events-past" className="mt-4">
      <h2 id="events-past" className={adminSectionTitleClass}>
        Past
      </h2>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {events.map((event) => (
          <li key={event.slug} className="rounded-sm border border-line bg-white/60 p-2 text-sm">
            <p className="font-semibold">{event.title}</p>
            <p className="text-muted">
              {formatDateTime(event.start, eventTimeZone)} · {event.seatsTaken} of {event.capacity}{" "}
              seats taken
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
