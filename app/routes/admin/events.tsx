import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { eventTimeZone } from "../../../domain/event-texts.ts";
import type { EventRegistrations, EventSummary } from "../../../domain/events.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { DownloadButton } from "../../components/admin/download-button.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass, Container, Eyebrow } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet, authPost } from "../../session/api.ts";
import type { Route } from "./+types/events";

export const meta = () => privateMeta("Events");

/** Every event, and for each still to come, who registered (a handful of events: one call each). */
type Registrations = Record<string, EventRegistrations["registrations"]>;

export async function clientLoader(): Promise<{
  events: EventSummary[];
  registrations: Registrations;
  error: string | null;
}> {
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

/**
 * Events (/admin/events, docs/events.md): each event's seats, who registered for the ones to come,
 * with a link to their lead, and the list as CSV for the door.
 */
export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { events, registrations, error } = loaderData;
  const upcoming = events.filter((event) => event.upcoming);
  const past = events.filter((event) => !event.upcoming);
  return (
    <Container className="pt-6 md:pt-8">
      <Eyebrow>Studio admin</Eyebrow>
      <h1 className="mt-1 text-title font-bold">Events</h1>
      <p className="mt-1 max-w-2xl text-muted">
        Seats and registrations for every event on the site. Times are Savannah's (Eastern).
        Canceling a registration gives its seats back and tells the guest by email; erasing a lead
        erases its registrations too.
      </p>
      {error ? (
        <div className="mt-4">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      ) : (
        <>
          <section aria-labelledby="events-upcoming" className="mt-4">
            <h2 id="events-upcoming" className="text-2xl font-bold">
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
            <section aria-labelledby="events-past" className="mt-6">
              <h2 id="events-past" className="text-2xl font-bold">
                Past
              </h2>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {past.map((event) => (
                  <li
                    key={event.slug}
                    className="rounded-sm border border-line bg-white/60 p-2 text-sm"
                  >
                    <p className="font-semibold">{event.title}</p>
                    <p className="text-muted">
                      {formatDateTime(event.start, eventTimeZone)} · {event.seatsTaken} of{" "}
                      {event.capacity} seats taken
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </Container>
  );
}

type Registration = EventRegistrations["registrations"][number];

function EventCard({
  event: loadedEvent,
  registrations: loadedRegistrations,
}: {
  event: EventSummary;
  registrations: EventRegistrations["registrations"];
}) {
  const clock = useOwnerClock();
  // What the loader read, then what each cancel answers with.
  const [event, setEvent] = useState(loadedEvent);
  const [registrations, setRegistrations] = useState(loadedRegistrations);
  const [canceling, setCanceling] = useState<Registration | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [message, setMessage] = useState<{ text: string; seq: number } | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // The row whose button had focus is gone: focus lands on what happened instead.
  useEffect(() => {
    if (message) status.current?.focus();
  }, [message]);

  async function cancel(registration: Registration) {
    setState({ busy: true, error: null });
    const result = await authPost(
      endpoints.cancelEventRegistration,
      {},
      { params: { slug: event.slug, id: registration.ID } },
    );
    if (!result.ok) {
      setState({ busy: false, error: result.error ?? leadTexts.failed });
      return;
    }
    setEvent(result.data.event);
    setRegistrations((all) => all.filter((r) => r.ID !== registration.ID));
    setState({ busy: false, error: null });
    setCanceling(null);
    setMessage((last) => ({ text: result.data.message, seq: (last?.seq ?? 0) + 1 }));
  }

  const titleId = `event-${event.slug}`;
  const share = event.capacity ? Math.min(1, event.seatsTaken / event.capacity) : 0;
  return (
    <article
      aria-labelledby={titleId}
      className="min-w-0 rounded-sm border border-line bg-white/60 p-2 md:p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-xl font-bold">
            <a href={event.url} className="hover:underline">
              {event.title}
            </a>
          </h3>
          <p className="text-muted">
            {formatDateTime(event.start, eventTimeZone)} · {event.place}
          </p>
        </div>
        <DownloadButton
          endpoint={endpoints.exportEventRegistrations}
          target={{ params: { slug: event.slug } }}
          filename={`registrations-${event.slug}.csv`}
          describedBy={titleId}
        />
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-1 sm:max-w-md">
        {[
          ["Registrations", event.registrations],
          ["Seats taken", event.seatsTaken],
          ["Seats left", event.seatsLeft],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {/* The figures above say it in words; the bar only shows it at a glance. */}
      <div
        aria-hidden="true"
        className="mt-1.5 h-1 overflow-hidden rounded-full bg-paper-dim sm:max-w-md"
      >
        <div className="h-full bg-accent" style={{ width: `${share * 100}%` }} />
      </div>
      {registrations.length === 0 ? (
        <p className="mt-2 text-muted">No registrations yet.</p>
      ) : (
        // Positioned, so the table's screen-reader-only texts scroll with it, not with the page.
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Who registered for {event.title}</caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-0.5 pr-1 font-semibold">
                  Name
                </th>
                <th scope="col" className="py-0.5 pr-1 font-semibold">
                  Email
                </th>
                <th scope="col" className="py-0.5 pr-1 text-right font-semibold">
                  Seats
                </th>
                <th scope="col" className="py-0.5 pr-1 font-semibold">
                  Registered
                </th>
                <th scope="col" className="py-0.5 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {registrations.map((r) => (
                <tr key={r.ID} className="border-b border-line/60">
                  <td className="py-0.5 pr-1">
                    <Link
                      to={`/admin/leads?lead=${encodeURIComponent(r.leadId)}`}
                      className="font-semibold text-accent-strong underline underline-offset-4"
                    >
                      {r.firstName} {r.lastName}
                    </Link>
                  </td>
                  <td className="py-0.5 pr-1 break-all">{r.email}</td>
                  <td className="py-0.5 pr-1 text-right tabular-nums">{r.seats}</td>
                  <td className="py-0.5 pr-1 whitespace-nowrap">
                    {formatDateTime(r.createdAt, clock.timeZone)}
                  </td>
                  <td className="py-0.5 text-right">
                    <button
                      type="button"
                      onClick={() => {
                        setState({ busy: false, error: null });
                        setCanceling(r);
                      }}
                      aria-label={`Cancel ${r.firstName} ${r.lastName}'s registration…`}
                      className={buttonClass("secondary", "sm")}
                    >
                      Cancel…
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="mt-1 text-sm font-semibold text-success focus:outline-none"
      >
        {message?.text}
      </p>
      <ConfirmDialog
        open={canceling !== null}
        title="Cancel this registration?"
        text={
          canceling
            ? `${canceling.firstName} ${canceling.lastName}'s ${canceling.seats === 1 ? "seat is" : `${canceling.seats} seats are`} given back, and they get the cancellation by email. Their lead stays in the tracker.`
            : ""
        }
        keepLabel="Keep the registration"
        confirmLabel={state.busy ? "Canceling…" : "Cancel the registration"}
        danger
        busy={state.busy}
        error={state.error}
        onConfirm={() => canceling && cancel(canceling)}
        onClose={() => setCanceling(null)}
      />
    </article>
  );
}
