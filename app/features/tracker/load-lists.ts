import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadFilters, leadFiltersSearch } from "../../../domain/lead-filters.ts";
import { loadPage } from "../../components/admin/paged-list.ts";
import type { Target } from "../../session/api.ts";
import type { ListKey } from "../lead/lead-view.ts";
import type { ListState, Lists } from "./tracker-lists.ts";

const listEndpoints = {
  due: endpoints.dueLeads,
  fresh: endpoints.newLeads,
  old: endpoints.oldLeads,
} as const;

/** One page of one of the tracker's lists. */
export const loadList = (which: ListKey, target: Target): Promise<ListState> =>
  loadPage(listEndpoints[which], target);

/** Most days, the whole Due strip in one page, so its heading's count is exact. */
const duePage = "limit=200";

/**
 * The tracker's lists for a search: New Leads and Follow Up With, 50 each, and (on the
 * unfiltered tracker) the Due strip. "Active only" is Follow Up With's alone.
 */
export async function loadTrackerLists(filters: LeadFilters): Promise<Lists> {
  const filtered = leadFiltersSearch(filters) !== "";
  const [fresh, old, due] = await Promise.all([
    loadList("fresh", { query: leadFiltersSearch(filters, { withActive: false }) }),
    loadList("old", { query: leadFiltersSearch(filters) }),
    filtered ? undefined : loadList("due", { query: duePage }),
  ]);
  return { fresh, old, ...(due ? { due } : {}) };
}
