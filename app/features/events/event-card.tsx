import { endpoints } from "../../../domain/endpoints.ts";
import { eventTimeZone } from "../../../domain/event-texts.ts";
import type { EventRegistrations, EventSummary } from "../../../domain/events.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { DownloadButton } from "../../components/admin/download-button.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { RegistrationsTable } from "./registrations-table.tsx";
import { useCancelRegistration } from "./use-cancel-registration.ts";
import { WriteToRegistrants } from "./write-to-registrants.tsx";

/**
 * An event still to come (docs/events.md): its seats, who registered, the list as CSV for the
 * door, canceling one registration, asked once, and writing to everyone registered.
 */
export function EventCard({
  event: loadedEvent,
  registrations: loadedRegistrations,
}: {
  event: EventSummary;
  registrations: EventRegistrations["registrations"];
}) {
  const clock = useOwnerClock();
  const { event, registrations, canceling, state, message, status, cancel, ask, close } =
    useCancelRegistration(loadedEvent, loadedRegistrations);

  const titleId = `event-${event.slug}`;
  const share = event.capacity ? Math.min(1, event.seatsTaken / event.capacity) : 0;
  return (
    <article
      aria-labelledby={titleId}
      className="min-w-0 rounded-sm border border-line bg-white/60 p-2 md:p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-bold">
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
        <RegistrationsTable
          title={event.title}
          registrations={registrations}
          timeZone={clock.timeZone}
          onCancel={ask}
        />
      )}
      {event.registrations > 0 ? <WriteToRegistrants event={event} /> : null}
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
        onClose={close}
      />
    </article>
  );
}
