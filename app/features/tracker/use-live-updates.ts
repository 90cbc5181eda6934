import { useEffect, useRef } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LiveChanges, liveOverlapMs, liveUpdateMs } from "../../../domain/lead-changes.ts";
import { type LeadFilters, leadFiltersSearch } from "../../../domain/lead-filters.ts";
import { whileVisible } from "../../components/admin/while-visible.ts";
import { authGet } from "../../session/api.ts";

/**
 * The tracker's live updates (ADR 021): while the tab is visible, ask every 15 seconds what
 * changed since the last answer, for the page's own search and filters, and hand the answer
 * to the page. A hidden tab stops asking and asks at once when it is shown again. Each
 * question reaches a margin back before the last answer's `through` (the server's clock, not
 * this browser's), so a write committed late is still seen; what the page already has is
 * skipped by its version.
 */
export function useLiveUpdates(
  filters: LeadFilters,
  /** When the lists shown were read (the server's `Date`): the first question starts there. */
  asOf: string | undefined,
  onChanges: (changes: LiveChanges) => void,
) {
  const handler = useRef(onChanges);
  handler.current = onChanges;
  const start = useRef(asOf);
  start.current = asOf;
  const query = leadFiltersSearch(filters);

  useEffect(() => {
    let through: string | null = start.current ?? null;
    const ask = async () => {
      const params = new URLSearchParams(query);
      if (through) params.set("since", new Date(Date.parse(through) - liveOverlapMs).toISOString());
      const result = await authGet(endpoints.leadChanges, { query: params.toString() });
      if (!result.ok) return;
      // An answer without `since` only sets the clock and the counts.
      through = result.data.through;
      handler.current(result.data);
    };
    const stop = whileVisible(ask, { intervalMs: liveUpdateMs });
    // Without the lists' own time (no Date header), the server's clock is read at once.
    if (!through) void ask();
    return stop;
  }, [query]);
}
