import { useEffect, useRef, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import type { EventRegistrations, EventSummary } from "../../../domain/events.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authPost } from "../../session/api.ts";
import type { Registration } from "./load-events.ts";

/**
 * One event's card state: the event and its registrations as the loader read them, then as
 * each cancel answers; the registration being asked about; and what happened, focused.
 */
export function useCancelRegistration(
  loadedEvent: EventSummary,
  loadedRegistrations: EventRegistrations["registrations"],
) {
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

  /** Asks about one registration, with no error left from the last one. */
  function ask(registration: Registration) {
    setState({ busy: false, error: null });
    setCanceling(registration);
  }

  return {
    event,
    registrations,
    canceling,
    state,
    message,
    status,
    cancel,
    ask,
    close: () => setCanceling(null),
  };
}
