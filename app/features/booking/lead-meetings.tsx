import { useEffect, useState } from "react";
import type { MeetingRecord } from "../../../domain/booking.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authGet, authPost } from "../../session/api.ts";
import { MeetingPlace } from "./meeting-place.tsx";

const settleMs = 250;

/**
 * A lead's calls in its details: each on the owner's clock, booked or cancelled, and Cancel
 * call for one still booked (after a confirmation; the visitor is told by e-mail). Nothing
 * shows for a lead that never booked one.
 */
export function LeadMeetings({ leadId }: { leadId: string }) {
  const clock = useOwnerClock();
  const [meetings, setMeetings] = useState<MeetingRecord[]>([]);
  const [cancelling, setCancelling] = useState<MeetingRecord | null>(null);
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  useEffect(() => {
    let live = true;
    // Asked once the lead stays open a moment: j and k pass over leads without a request each.
    const timer = setTimeout(() => {
      void authGet(endpoints.meetings, { query: `lead=${leadId}` }).then((result) => {
        if (live && result.ok) setMeetings(result.data);
      });
    }, settleMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [leadId]);
  if (meetings.length === 0 && !state.message) return null;

  async function cancel(meeting: MeetingRecord) {
    setState({ busy: true, message: null });
    const result = await authPost(endpoints.cancelMeeting, {}, { params: { id: meeting.ID } });
    if (result.ok) {
      setMeetings((all) => all.map((m) => (m.ID === meeting.ID ? result.data.meeting : m)));
      setCancelling(null);
      setState({ busy: false, message: result.data.message });
      return;
    }
    setState({ busy: false, message: result.error ?? leadTexts.failed });
  }

  return (
    <section aria-label="Calls" className="mt-2 rounded-sm border border-line bg-white/70 p-1.5">
      <ul className="grid gap-0.5">
        {meetings.map((meeting) => (
          <li key={meeting.ID} className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
            <span className="font-semibold">
              Call{" "}
              <time dateTime={meeting.start}>{formatDateTime(meeting.start, clock.timeZone)}</time>
            </span>
            <span className={meeting.status === "booked" ? "text-success" : "text-muted"}>
              {meeting.status === "booked"
                ? "booked"
                : `canceled by ${meeting.cancelledBy === "owner" ? "you" : "the visitor"}`}
            </span>
            {meeting.status === "booked" ? <MeetingPlace meeting={meeting} /> : null}
            {meeting.status === "booked" ? (
              <button
                type="button"
                onClick={() => setCancelling(meeting)}
                className={buttonClass("secondary", "sm")}
              >
                Cancel call…
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="text-sm font-semibold">
        {state.message}
      </p>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this call?"
        text={
          cancelling
            ? `The call on ${formatDateTime(cancelling.start, clock.timeZone)} is canceled, its time is free again, and ${cancelling.FirstName} gets the cancellation by email.`
            : ""
        }
        keepLabel="Keep the call"
        confirmLabel={state.busy ? "Canceling…" : "Cancel the call"}
        danger
        busy={state.busy}
        onConfirm={() => cancelling && cancel(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}
