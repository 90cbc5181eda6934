import {
  AdminPage,
  AdminPageHeader,
  adminSectionTitleClass,
} from "../../components/admin/page-header.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { EventCard } from "../../features/events/event-card.tsx";
import { loadEvents } from "../../features/events/load-events.ts";
import { PastEvents } from "../../features/events/past-events.tsx";
import { privateMeta } from "../../seo.ts";
import type { Route } from "./+types/events";

export const meta = () => privateMeta("Events");

/** Every event, and who registered for the ones to come; the layout's guard ran first. */
export async function clientLoader() {
  return loadEvents();
}

/**
 * Events (/admin/events, docs/events.md): each event's seats, who registered for the ones to come,
 * with a link to their lead, and the list as CSV for the door. What a card does is in
 * app/features/events/.
 */
export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { events, registrations, error } = loaderData;
  const upcoming = events.filter((event) => event.upcoming);
  const past = events.filter((event) => !event.upcoming);
  return (
    <AdminPage>
      <AdminPageHeader
        title="Events"
        description="Seats and registrations for every event on the site. Times are in the studio's time zone. Canceling a registration gives its seats back and tells the guest by email; erasing a lead erases its registrations too."
      />
      {error ? (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      ) : (
        <>
          <section aria-labelledby="events-upcoming" className="mt-2 max-w-6xl">
            <h2 id="events-upcoming" className={adminSectionTitleClass}>
              Upcoming
            </h2>
            {upcoming.length === 0 ? (
              <p className="mt-1 text-muted">No events to come. Add one in content/events/.</p>
            ) : (
              <ul className="mt-2 grid gap-3">
                {upcoming.map((event) => (
                  <li key={event.slug} className="min-w-0">
                    <EventCard event={event} registrations={registrations[event.slug] ?? []} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {past.length > 0 ? (
            <div className="max-w-6xl">
              <PastEvents events={past} />
            </div>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
