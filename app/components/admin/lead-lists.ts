import type { CalendarDate } from "../../../domain/dates.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";

/** One list as the page holds it: the leads so far, where the next page is, and any load error. */
export type ListState = {
  readonly leads: readonly LeadRecord[];
  readonly next: string | null;
  readonly error: string | null;
  readonly loadingMore?: boolean;
};

/** The tracker's lists: Due (today and overdue), New Leads and Follow Up With. */
export type Lists = {
  readonly due?: ListState;
  readonly fresh: ListState;
  readonly old: ListState;
};

/** The next page's URL from a `Link: <…>; rel="next"` header. */
export function nextPageUrl(link: string | null): string | null {
  const match = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
  return match?.[1] ?? null;
}

const without = (list: ListState, id: string): ListState => ({
  ...list,
  leads: list.leads.filter((lead) => lead.ID !== id),
});

/** Whether a lead belongs in the Due strip today: its follow-up is today or earlier. */
export const isDue = (lead: LeadRecord, today: CalendarDate) =>
  Boolean(lead.NextFollowUp && lead.NextFollowUp <= today);

/** The Due strip after a save: updated in place while still due, in date order when newly due. */
function placeInDue(due: ListState, lead: LeadRecord, today: CalendarDate): ListState {
  if (!isDue(lead, today)) return without(due, lead.ID);
  if (due.leads.some((other) => other.ID === lead.ID))
    return { ...due, leads: due.leads.map((other) => (other.ID === lead.ID ? lead : other)) };
  const key = (l: LeadRecord) => `${l.NextFollowUp}|${l.ID}`;
  const at = due.leads.findIndex((other) => key(other) > key(lead));
  const leads = [...due.leads];
  leads.splice(at === -1 ? leads.length : at, 0, lead);
  return { ...due, leads };
}

/**
 * Where a saved lead goes (spec section 4): no longer UNREAD → the top of "Follow Up With";
 * UNREAD again → back into "New Leads", in its place by arrival. Its new values replace the
 * old. The Due strip keeps it while its follow-up is today or earlier.
 */
export function placeSavedLead(lists: Lists, lead: LeadRecord, today = ""): Lists {
  const fresh = without(lists.fresh, lead.ID);
  const old = without(lists.old, lead.ID);
  const due = lists.due ? { due: placeInDue(lists.due, lead, today) } : {};
  if (lead.CommStatus !== "UNREAD") {
    return { ...due, fresh, old: { ...old, leads: [lead, ...old.leads] } };
  }
  // Without arrival times (a server that sends only the spec's fields), it goes on top.
  const at = fresh.leads.findIndex((other) => (other.CreatedAt ?? "") < (lead.CreatedAt ?? "~"));
  const leads = [...fresh.leads];
  leads.splice(at === -1 ? leads.length : at, 0, lead);
  return { ...due, fresh: { ...fresh, leads }, old };
}

/** The lists without a lead (erased, or moved to Spam). */
export function withoutLead(lists: Lists, id: string): Lists {
  return {
    ...(lists.due ? { due: without(lists.due, id) } : {}),
    fresh: without(lists.fresh, id),
    old: without(lists.old, id),
  };
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
