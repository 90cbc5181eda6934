import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { MeetingRecord } from "../../../domain/booking.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { authGet } from "../../session/api.ts";
import { MeetingPlace } from "./meeting-place.tsx";

/**
 * "Upcoming meetings" on the overview: the calls booked for today and the next seven days,
 * earliest first, each on the owner's clock with a link to its lead.
 */
export function UpcomingMeetings() {
  const clock = useOwnerClock();
  const [state, setState] = useState<
    | { kind: "loading" }
    | { kind: "loaded"; meetings: MeetingRecord[] }
    | { kind: "failed"; message: string }
  >({ kind: "loading" });
  useEffect(() => {
    let live = true;
    void authGet(endpoints.meetings).then((result) => {
      if (!live) return;
      setState(
        result.ok
          ? { kind: "loaded", meetings: result.data.filter((m) => m.status === "booked") }
          : { kind: "failed", message: result.error ?? leadTexts.failed },
      );
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section
      aria-labelledby="upcoming-heading"
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
    >
      <h2 id="upcoming-heading" className="text-xl font-bold">
        Upcoming meetings
      </h2>
      <p className="text-sm text-muted">Calls booked for today and the next seven days.</p>
      <div aria-live="polite" className="mt-1">
        {state.kind === "loading" ? <p className="text-muted">Loading meetings…</p> : null}
        {state.kind === "failed" ? <FormMessage kind="error">{state.message}</FormMessage> : null}
        {state.kind === "loaded" && state.meetings.length === 0 ? (
          <p className="text-muted">No calls booked in the next seven days.</p>
        ) : null}
        {state.kind === "loaded" && state.meetings.length > 0 ? (
          <ol className="grid gap-0.5">
            {state.meetings.map((meeting) => (
              <li key={meeting.ID} className="flex flex-wrap items-baseline gap-x-1.5">
                <time dateTime={meeting.start} className="font-semibold tabular-nums">
                  {formatDateTime(meeting.start, clock.timeZone)}
                </time>
                <Link
                  to={`/admin/leads?lead=${meeting.LeadID}`}
                  className="inline-flex min-h-[44px] items-center font-semibold text-accent-strong underline underline-offset-4 min-[1024px]:min-h-0"
                >
                  {`${meeting.FirstName} ${meeting.LastName}`.trim()}
                </Link>
                <span className="text-sm text-muted">{meeting.Email}</span>
                <MeetingPlace meeting={meeting} />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
