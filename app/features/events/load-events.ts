import { endpoints } from "../../../domain/endpoints.ts";
import type { EventRegistrations, EventSummary } from "../../../domain/events.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authGet } from "../../session/api.ts";

/** One registration in an event's list. */
export type Registration = EventRegistrations["registrations"][number];

/** Every event, and for each still to come, who registered (a handful of events: one call each). */
export type Registrations = Record<string, EventRegistrations["registrations"]>;

export type EventsData = {
  events: EventSummary[];
  registrations: Registrations;
  error: string | null;
};

/** The admin's events and their registrations; a failure is shown, not thrown. */
export async function loadEvents(): Promise<EventsData> {
  const list = await authGet(endpoints.events);
  if (!list.ok) return { events: [], registrations: {}, error: list.error ?? leadTexts.failed };
  const upcoming = list.data.events.filter((event) => event.upcoming);
  const answers = await Promise.all(
    upcoming.map((event) =>
      authGet(endpoints.eventRegistrations, { params: { slug: event.slug } }),
    ),
  );
  const registrations: Registrations = {};
  for (const answer of answers)
    if (answer.ok) registrations[answer.data.event.slug] = answer.data.registrations;
  return { events: list.data.events, registrations, error: null };
}
