import { useEffect, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import type { LeadStats } from "../../../domain/lead-stats.ts";
import { whileVisible } from "../../components/admin/while-visible.ts";
import { authGet } from "../../session/api.ts";

/** How often an open dashboard asks for its numbers again (docs/tracker.md). */
export const liveStatsMs = 15_000;

/** The numbers on the dashboard, or why there are none. */
export type DashboardStats = { stats: LeadStats | null; error: string | null };

/**
 * The dashboard's numbers, kept current while it is open: the loader's answer first, then a
 * fresh one every 15 seconds while the tab is visible, put in place of the old (the same
 * elements, new text: nothing moves). A refresh that fails keeps the numbers on screen
 * rather than blanking them over a passing hiccup; a page that has none yet says why, and
 * the next answer that arrives clears it.
 */
export function useLiveStats(initial: DashboardStats): DashboardStats {
  const [live, setLive] = useState(initial);
  // A new loader answer (the route revalidated) replaces whatever the refreshes had.
  const [loaded, setLoaded] = useState(initial);
  if (loaded !== initial) {
    setLoaded(initial);
    setLive(initial);
  }

  useEffect(
    () =>
      whileVisible(
        async () => {
          const result = await authGet(endpoints.stats);
          if (result.ok) setLive({ stats: result.data, error: null });
          else
            setLive((now) =>
              now.stats ? now : { stats: null, error: result.error || leadTexts.failed },
            );
        },
        { intervalMs: liveStatsMs },
      ),
    [],
  );
  return live;
}
