import type { CalendarDate } from "../../../domain/dates.ts";
import type { LiveChanges } from "../../../domain/lead-changes.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import type { PagedList } from "../../components/admin/paged-list.ts";
import type { ListKey } from "../lead/lead-view.ts";

/**
 * The tracker's three lists and where a lead goes in them: placed by its values after a save,
 * taken off, brought in line with the live updates (docs/product.md, "The two lists"). Pure:
 * the reducer in tracker-state.ts calls these.
 */

export type ListState = PagedList<LeadRecord>;
export type Lists = {
  readonly due?: ListState;
  readonly fresh: ListState;
  readonly old: ListState;
};

/** A lead in a list: which list, and which lead. */
export type LeadPlace = { readonly listKey: ListKey; readonly id: string };

/** Where a lead lives by its status: New Leads while UNREAD, Follow Up With after. */
export const homeOf = (lead: LeadRecord): "fresh" | "old" =>
  lead.CommStatus === "UNREAD" ? "fresh" : "old";

/** Whether a lead belongs in the Due strip today: its follow-up is today or earlier. */
export const isDue = (lead: LeadRecord, today: CalendarDate) =>
  Boolean(lead.NextFollowUp && lead.NextFollowUp <= today);

/**
 * Where a lead saved from `listKey` is shown afterwards: there, if it still belongs there (a
 * Due lead still due, a lead still in its own list), else in its home list.
 */
export function listAfterSave(lead: LeadRecord, listKey: ListKey, today: CalendarDate): ListKey {
  const home = homeOf(lead);
  const stayed = listKey === "due" ? isDue(lead, today) : listKey === home;
  return stayed ? listKey : home;
}

/** Every lead place on the page, in the order it shows them. */
export const placesOf = (lists: Lists): LeadPlace[] =>
  (["due", "fresh", "old"] as const).flatMap((listKey) =>
    (lists[listKey]?.leads ?? []).map((lead) => ({ listKey, id: lead.ID })),
  );

export const findLead = (lists: Lists, id: string) =>
  [lists.due, lists.fresh, lists.old]
    .flatMap((list) => list?.leads ?? [])
    .find((lead) => lead.ID === id);

/** The place after a lead's (or before, at the end): where to go once it is removed. */
export function neighbourOf(lists: Lists, id: string): LeadPlace | undefined {
  const places = placesOf(lists);
  const at = places.findIndex((place) => place.id === id);
  return places.slice(at + 1).find((place) => place.id !== id) ?? places[at - 1];
}

const without = (list: ListState, id: string): ListState => ({
  ...list,
  leads: list.leads.filter((lead) => lead.ID !== id),
});

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

/** A list with `delta` more (or fewer) leads in all, when it knows its total. */
const withTotal = (list: ListState, delta: number): ListState =>
  list.total === undefined || delta === 0
    ? list
    : { ...list, total: Math.max(0, list.total + delta) };

/** Whether a list shows the lead. */
export const has = (list: ListState | undefined, id: string) =>
  Boolean(list?.leads.some((lead) => lead.ID === id));

/**
 * Where a saved lead goes (docs/product.md, "The two lists"): no longer UNREAD → the top of
 * "Follow Up With"; UNREAD again → back into "New Leads", in its place by arrival. A lead that
 * stays in its list keeps its place there, so the list being worked never jumps under the
 * owner. Its new values replace the old. The Due strip keeps it while its follow-up is today
 * or earlier. Each list's total follows.
 */
export function placeSavedLead(lists: Lists, lead: LeadRecord, today = ""): Lists {
  const home = homeOf(lead);
  const due = lists.due
    ? {
        due: withTotal(
          placeInDue(lists.due, lead, today),
          Number(isDue(lead, today)) - Number(has(lists.due, lead.ID)),
        ),
      }
    : {};
  const replaced = (list: ListState) => ({
    ...list,
    leads: list.leads.map((other) => (other.ID === lead.ID ? lead : other)),
  });
  if (has(lists[home], lead.ID)) return { ...lists, ...due, [home]: replaced(lists[home]) };

  const away = home === "fresh" ? "old" : "fresh";
  const left = withTotal(without(lists[away], lead.ID), -Number(has(lists[away], lead.ID)));
  const target = withTotal(lists[home], 1);
  if (home === "old") {
    return { ...due, fresh: left, old: { ...target, leads: [lead, ...target.leads] } };
  }
  // Without arrival times (a server that sends only the fixed fields), it goes on top.
  const at = target.leads.findIndex((other) => (other.CreatedAt ?? "") < (lead.CreatedAt ?? "~"));
  const leads = [...target.leads];
  leads.splice(at === -1 ? leads.length : at, 0, lead);
  return { ...due, fresh: { ...target, leads }, old: left };
}

/** The lists without a lead (erased, or moved to Spam). */
export function withoutLead(lists: Lists, id: string): Lists {
  const off = (list: ListState) => withTotal(without(list, id), -Number(has(list, id)));
  return {
    ...(lists.due ? { due: off(lists.due) } : {}),
    fresh: off(lists.fresh),
    old: off(lists.old),
  };
}

/**
 * Whether a lead the page has not loaded belongs among what it shows: a newer arrival than the
 * last lead shown in New Leads (an older one comes with Load more), or any, once all is shown.
 */
const withinShown = (list: ListState, lead: LeadRecord) => {
  const last = list.leads.at(-1);
  return !list.next || !last || (lead.CreatedAt ?? "") > (last.CreatedAt ?? "");
};

/** The list of the page that shows a lead (its home list; Due aside). */
const listShowing = (lists: Lists, id: string): ListKey | undefined =>
  has(lists.fresh, id) ? "fresh" : has(lists.old, id) ? "old" : undefined;

/**
 * The lists after the live updates' answer: leads changed elsewhere take their new values
 * (in place while they stay in their list), leads that arrived join New Leads, leads that no
 * longer match the search or left the lists go, and the totals become the server's. A copy no
 * newer than the page's (its own save, seen again) changes nothing. Returns how many arrived.
 */
export function syncLists(
  lists: Lists,
  changes: LiveChanges,
  today: CalendarDate,
): { lists: Lists; arrived: number } {
  const matching = new Set(changes.matching);
  let next = lists;
  let arrived = 0;
  for (const lead of changes.leads) {
    const shown = findLead(next, lead.ID);
    if (shown && (shown.UpdatedAt ?? "") >= (lead.UpdatedAt ?? "")) continue;
    if (!matching.has(lead.ID)) {
      if (shown) next = withoutLead(next, lead.ID);
      continue;
    }
    if (!listShowing(next, lead.ID)) {
      if (homeOf(lead) === "fresh") {
        if (!withinShown(next.fresh, lead)) continue;
        if (!shown) arrived++;
      }
    }
    next = placeSavedLead(next, lead, today);
  }
  for (const id of changes.removed) next = withoutLead(next, id);
  const { counts } = changes;
  return {
    lists: {
      ...(next.due ? { due: { ...next.due, total: counts.due } } : {}),
      fresh: { ...next.fresh, total: counts.new },
      old: { ...next.old, total: counts.old },
    },
    arrived,
  };
}

/**
 * The lead of the same list to go to once `id` leaves it: the next one, or the previous one
 * at its end; null when it was the list's last.
 */
export function neighbourInList(lists: Lists, listKey: ListKey, id: string): LeadPlace | null {
  const leads = lists[listKey]?.leads ?? [];
  const at = leads.findIndex((lead) => lead.ID === id);
  if (at === -1) return null;
  const other = leads[at + 1] ?? leads[at - 1];
  return other ? { listKey, id: other.ID } : null;
}

/**
 * Where to go once leads leave the page: from the first of them (where it was open, else where
 * it first shows), the next lead of its list still there, else the one before it; when its
 * list has none left, the page's first lead.
 */
export function placeAfterRemoval(
  lists: Lists,
  ids: readonly string[],
  open: LeadPlace | null,
): LeadPlace | undefined {
  const first = ids[0] ?? "";
  const place = (open?.id === first ? open : null) ?? placesOf(lists).find((p) => p.id === first);
  if (!place) return undefined;
  const remaining = ids.reduce((after, id) => withoutLead(after, id), lists);
  return neighbourAfterRemoval(lists, remaining, place) ?? neighbourOf(remaining, "");
}

/** The first lead after `place` in its list that is still there, else the one before it. */
function neighbourAfterRemoval(before: Lists, after: Lists, place: LeadPlace): LeadPlace | null {
  const leads = before[place.listKey]?.leads ?? [];
  const still = new Set((after[place.listKey]?.leads ?? []).map((lead) => lead.ID));
  const at = leads.findIndex((lead) => lead.ID === place.id);
  const pick =
    leads.slice(at + 1).find((lead) => still.has(lead.ID)) ??
    leads
      .slice(0, Math.max(0, at))
      .reverse()
      .find((lead) => still.has(lead.ID));
  return pick ? { listKey: place.listKey, id: pick.ID } : null;
}
