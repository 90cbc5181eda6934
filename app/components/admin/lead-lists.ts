import type { LeadRecord } from "../../../domain/leads.ts";

/** One list as the page holds it: the leads so far, where the next page is, and any load error. */
export type ListState = {
  readonly leads: readonly LeadRecord[];
  readonly next: string | null;
  readonly error: string | null;
  readonly loadingMore?: boolean;
};

export type Lists = { readonly fresh: ListState; readonly old: ListState };

/** The next page's URL from a `Link: <…>; rel="next"` header. */
export function nextPageUrl(link: string | null): string | null {
  const match = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
  return match?.[1] ?? null;
}

const without = (list: ListState, id: string): ListState => ({
  ...list,
  leads: list.leads.filter((lead) => lead.ID !== id),
});

/**
 * Where a saved lead goes (spec section 4): no longer UNREAD → the top of "Follow Up With";
 * UNREAD again → back into "New Leads", in its place by arrival. Its new values replace the old.
 */
export function placeSavedLead(lists: Lists, lead: LeadRecord): Lists {
  const fresh = without(lists.fresh, lead.ID);
  const old = without(lists.old, lead.ID);
  if (lead.CommStatus !== "UNREAD") {
    return { fresh, old: { ...old, leads: [lead, ...old.leads] } };
  }
  // Without arrival times (a server that sends only the spec's fields), it goes on top.
  const at = fresh.leads.findIndex((other) => (other.CreatedAt ?? "") < (lead.CreatedAt ?? "~"));
  const leads = [...fresh.leads];
  leads.splice(at === -1 ? leads.length : at, 0, lead);
  return { fresh: { ...fresh, leads }, old };
}

/** Appends a further page, skipping leads already shown (one may have moved here meanwhile). */
export function appendPage(
  list: ListState,
  page: readonly LeadRecord[],
  next: string | null,
): ListState {
  const shown = new Set(list.leads.map((lead) => lead.ID));
  return {
    leads: [...list.leads, ...page.filter((lead) => !shown.has(lead.ID))],
    next,
    error: null,
  };
}
