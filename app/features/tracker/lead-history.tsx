import { useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadEvent, leadTexts } from "../../../domain/lead-record.ts";
import { fieldNames, formatDateTime, formatDay } from "../../components/admin/format.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { authGet } from "../../session/api.ts";

type State =
  | { kind: "closed" }
  | { kind: "loading" }
  | { kind: "loaded"; events: LeadEvent[] }
  | { kind: "failed"; message: string };

const clip = (text: string) => (text.length > 140 ? `${text.slice(0, 140)}…` : text);

/** A lead's recorded changes, fetched when first opened and again on each reopen. */
export function LeadHistory({ leadId }: { leadId: string }) {
  const clock = useOwnerClock();
  const [state, setState] = useState<State>({ kind: "closed" });

  async function onToggle(event: React.SyntheticEvent<HTMLDetailsElement>) {
    if (!event.currentTarget.open) return;
    setState({ kind: "loading" });
    const result = await authGet(endpoints.leadHistory, { params: { id: leadId } });
    setState(
      result.ok
        ? { kind: "loaded", events: result.data }
        : { kind: "failed", message: result.error ?? leadTexts.failed },
    );
  }

  return (
    <details onToggle={onToggle} className="group mt-2 border-t border-line pt-1.5">
      <summary className="min-h-[44px] cursor-pointer py-[10px] font-semibold text-muted hover:text-ink min-[1024px]:min-h-0 min-[1024px]:py-0">
        History
      </summary>
      <div aria-live="polite" className="mt-1 text-sm">
        {state.kind === "loading" ? <p className="text-muted">Loading history…</p> : null}
        {state.kind === "failed" ? <p className="text-error">{state.message}</p> : null}
        {state.kind === "loaded" && state.events.length === 0 ? (
          <p className="text-muted">No changes yet: this lead is as it arrived.</p>
        ) : null}
        {state.kind === "loaded" && state.events.length > 0 ? (
          <ol className="grid gap-1">
            {state.events.map((event) => (
              <li key={event.ID} className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-2">
                <span className="text-muted">
                  <time dateTime={event.At}>{formatDateTime(event.At, clock.timeZone)}</time>
                </span>
                <span>
                  <span className="font-semibold">{fieldNames[event.Field]}</span>{" "}
                  {event.Field === "Notes" ? (
                    <>
                      edited: <q className="break-words">{clip(event.To) || "(cleared)"}</q>
                    </>
                  ) : event.Field === "Meeting" ? (
                    event.To === "cancelled" ? (
                      `on ${formatDateTime(event.From, clock.timeZone)} canceled`
                    ) : event.From ? (
                      `moved to ${formatDateTime(event.To, clock.timeZone)}`
                    ) : (
                      `booked for ${formatDateTime(event.To, clock.timeZone)}`
                    )
                  ) : event.Field === "NextFollowUp" ? (
                    event.To ? (
                      `set to ${formatDay(event.To)}`
                    ) : (
                      "cleared"
                    )
                  ) : event.Field === "Merged" ? (
                    `with ${event.To}: their messages, calls and history are here now`
                  ) : event.Field === "AssignedTo" ? (
                    event.To ? (
                      `given to ${event.To}`
                    ) : (
                      `taken from ${event.From}; no one's now`
                    )
                  ) : (
                    <>
                      {event.From} → {event.To}
                    </>
                  )}{" "}
                  <span className="text-muted">
                    {event.Via === "sending"
                      ? `by ${event.By}, by sending a message`
                      : event.Via === "reply"
                        ? `when ${event.By} replied`
                        : event.Via === "round-robin"
                          ? "by round-robin, on arrival"
                          : event.Via === "removal"
                            ? `when ${event.By} removed them from the team`
                            : `by ${event.By}`}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </details>
  );
}
