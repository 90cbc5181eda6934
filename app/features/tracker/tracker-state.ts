import type { CalendarDate } from "../../../domain/dates.ts";
import type { LiveChanges } from "../../../domain/lead-changes.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import type { PagedList } from "../../components/admin/paged-list.ts";
import type { LeadControl } from "../lead/dom-ids.ts";
import type { LeadMessage, ListKey } from "../lead/lead-view.ts";

/**
 * The lead tracker's state, and every way it changes, as one pure reducer: the three lists,
 * what is said beside each lead, the follow-up dates offered after a reply, the open lead and
 * the leads picked for a bulk update. The page dispatches; the DOM (focus, scrolling) is the
 * hooks' business, never this module's.
 */

export type ListState = PagedList<LeadRecord>;
export type Lists = {
  readonly due?: ListState;
  readonly fresh: ListState;
  readonly old: ListState;
};

/** A lead in a list: which list, and which lead. */
export type LeadPlace = { readonly listKey: ListKey; readonly id: string };

export type TrackerState = {
  readonly lists: Lists;
  readonly messages: Readonly<Record<string, LeadMessage>>;
  /** Follow-up dates suggested after a reply, by lead: kept while the lead moves lists. */
  readonly offers: Readonly<Record<string, CalendarDate>>;
  /** The lead whose details are open (the dense workspace shows one at a time). */
  readonly open: LeadPlace | null;
  /** Leads picked for a bulk update. */
  readonly checked: ReadonlySet<string>;
  /** The page's last announcement (a lead moved, erased or sent to Spam), where the owner is. */
  readonly notice: Notice | null;
  /** What the live updates last said ("2 new leads arrived."), announced politely. */
  readonly live: string;
};

/**
 * An announcement with, at most, one thing to do about it: take back a move to Spam, or go to
 * a lead that left the list being worked.
 */
export type Notice = {
  readonly text: string;
  readonly undoSpam?: readonly LeadRecord[];
  readonly jump?: LeadPlace;
  /** After a reply that moved the lead away: the follow-up date offered for it. */
  readonly offer?: { readonly lead: LeadRecord; readonly date: CalendarDate };
};

/** The lists' names, as their headings say them. */
export const listTitles: Record<ListKey, string> = {
  due: "Due",
  fresh: "New Leads",
  old: "Follow Up With",
};

export type TrackerAction =
  /** A new search or filters: the loader's lists, nothing said, nothing picked. */
  | { type: "loaded"; lists: Lists }
  /** A save came back: the lead placed by its new values, and what to say beside it. */
  | {
      type: "saved";
      lead: LeadRecord;
      listKey: ListKey;
      control: LeadControl;
      message: LeadMessage;
      today: CalendarDate;
      /** The desk's workspace, where a lead is always open: the next one opens in its place. */
      dense?: boolean;
    }
  | { type: "message"; id: string; message: LeadMessage | undefined }
  /** A lead changed in place (its replies read): every copy of it, nothing moved or said. */
  | { type: "patched"; lead: LeadRecord }
  | { type: "offer"; id: string; date: CalendarDate | null }
  | { type: "open"; place: LeadPlace | null }
  /** Erased, or moved to Spam: off the page, and said. */
  | { type: "removed"; ids: readonly string[]; notice: Notice }
  /** Leads back on the page (Undo of a move to Spam, a lead opened from a link). */
  | { type: "restored"; leads: readonly LeadRecord[]; today: CalendarDate; notice: Notice | null }
  | { type: "notice"; notice: Notice | null }
  /** What changed on the server since the last look (ADR 021). */
  | { type: "synced"; changes: LiveChanges; today: CalendarDate }
  | { type: "checked"; checked: ReadonlySet<string> }
  /** A bulk update came back: every lead placed; those changed meanwhile stay picked, and say so. */
  | {
      type: "bulk-saved";
      updated: readonly LeadRecord[];
      conflicts: readonly LeadRecord[];
      conflictText: string;
      today: CalendarDate;
    }
  /** Leads the server no longer has (erased elsewhere): off the page and out of the selection. */
  | { type: "gone"; ids: readonly string[] }
  /** A change to one list (loading its next page). */
  | { type: "list"; listKey: ListKey; update: (list: ListState) => ListState };

export const initialTrackerState = (lists: Lists): TrackerState => ({
  lists,
  messages: {},
  offers: {},
  open: null,
  checked: new Set(),
  notice: null,
  live: "",
});

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

const has = (list: ListState | undefined, id: string) =>
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

const withEntry = <T>(
  all: Readonly<Record<string, T>>,
  id: string,
  value: T | undefined | null,
) => {
  const { [id]: _, ...rest } = all;
  return value ? { ...rest, [id]: value } : rest;
};

const withoutIds = (checked: ReadonlySet<string>, ids: readonly string[]) =>
  new Set([...checked].filter((id) => !ids.includes(id)));

export function trackerReducer(state: TrackerState, action: TrackerAction): TrackerState {
  switch (action.type) {
    case "loaded":
      return { ...state, lists: action.lists, messages: {}, checked: new Set() };
    case "saved": {
      const { lead, listKey, control, today } = action;
      const where = listAfterSave(lead, listKey, today);
      const left = where !== listKey && has(state.lists[listKey], lead.ID);
      const message = withEntry(state.messages, lead.ID, { ...action.message, where });
      if (left) {
        // It left the list being worked: the owner stays there, with the next lead open (at a
        // desk), and is told where it went, with a way to follow it.
        const next = neighbourInList(state.lists, listKey, lead.ID);
        const place = { listKey: where, id: lead.ID };
        const offer = state.offers[lead.ID];
        const wasOpen = state.open?.id === lead.ID || control === "comm" || control === "lead";
        return {
          ...state,
          lists: placeSavedLead(state.lists, lead, today),
          open: wasOpen ? (action.dense ? next : null) : state.open,
          messages: message,
          notice: {
            text: `${fullName(lead)} moved to ${listTitles[where]}.`,
            jump: place,
            ...(offer ? { offer: { lead, date: offer } } : {}),
          },
        };
      }
      // The open lead stays open; a lead changed from its row opens.
      const opens = state.open?.id === lead.ID || control === "comm" || control === "lead";
      return {
        ...state,
        lists: placeSavedLead(state.lists, lead, today),
        open: opens ? { listKey: where, id: lead.ID } : state.open,
        messages: message,
      };
    }
    case "message":
      return { ...state, messages: withEntry(state.messages, action.id, action.message) };
    case "patched": {
      const { lead } = action;
      const patch = (list: ListState | undefined) =>
        list?.leads.some((l) => l.ID === lead.ID)
          ? { ...list, leads: list.leads.map((l) => (l.ID === lead.ID ? lead : l)) }
          : list;
      return {
        ...state,
        lists: {
          ...state.lists,
          fresh: patch(state.lists.fresh) ?? state.lists.fresh,
          old: patch(state.lists.old) ?? state.lists.old,
          ...(state.lists.due ? { due: patch(state.lists.due) } : {}),
        },
      };
    }
    case "offer":
      return { ...state, offers: withEntry(state.offers, action.id, action.date) };
    case "open":
      return { ...state, open: action.place };
    case "removed": {
      let messages = state.messages;
      for (const id of action.ids) messages = withEntry(messages, id, undefined);
      return {
        ...state,
        lists: action.ids.reduce((lists, id) => withoutLead(lists, id), state.lists),
        checked: withoutIds(state.checked, action.ids),
        open: state.open && action.ids.includes(state.open.id) ? null : state.open,
        messages,
        notice: action.notice,
      };
    }
    case "restored":
      return {
        ...state,
        lists: action.leads.reduce(
          (lists, lead) => placeSavedLead(lists, lead, action.today),
          state.lists,
        ),
        notice: action.notice,
      };
    case "notice":
      return { ...state, notice: action.notice };
    case "synced": {
      const { lists, arrived } = syncLists(state.lists, action.changes, action.today);
      const gone = action.changes.removed;
      return {
        ...state,
        lists,
        checked: withoutIds(state.checked, gone),
        live:
          arrived === 0
            ? state.live
            : `${arrived === 1 ? "1 new lead" : `${arrived} new leads`} arrived.`,
      };
    }
    case "checked":
      return { ...state, checked: action.checked };
    case "bulk-saved": {
      const { updated, conflicts, today } = action;
      let messages = state.messages;
      for (const lead of conflicts)
        messages = withEntry(messages, lead.ID, { kind: "error", text: action.conflictText });
      return {
        ...state,
        lists: [...updated, ...conflicts].reduce(
          (lists, lead) => placeSavedLead(lists, lead, today),
          state.lists,
        ),
        messages,
        // What was saved is done; what someone else changed stays picked, to look at again.
        checked: new Set(conflicts.map((lead) => lead.ID)),
      };
    }
    case "gone":
      return {
        ...state,
        lists: action.ids.reduce((lists, id) => withoutLead(lists, id), state.lists),
        checked: withoutIds(state.checked, action.ids),
      };
    case "list": {
      const list = state.lists[action.listKey];
      if (!list) return state;
      return { ...state, lists: { ...state.lists, [action.listKey]: action.update(list) } };
    }
  }
}

/**
 * The picked leads after a click on one: a Shift-click from `anchor` in the same list sets the
 * whole range to the anchor's state; a plain click toggles the one.
 */
export function checkedAfterClick(
  checked: ReadonlySet<string>,
  list: readonly LeadRecord[],
  place: LeadPlace,
  { shiftKey, anchor }: { shiftKey: boolean; anchor: LeadPlace | null },
): ReadonlySet<string> {
  const next = new Set(checked);
  if (shiftKey && anchor && anchor.listKey === place.listKey) {
    const a = list.findIndex((lead) => lead.ID === anchor.id);
    const b = list.findIndex((lead) => lead.ID === place.id);
    const on = checked.has(anchor.id);
    for (const lead of list.slice(Math.min(a, b), Math.max(a, b) + 1))
      on ? next.add(lead.ID) : next.delete(lead.ID);
  } else if (next.has(place.id)) next.delete(place.id);
  else next.add(place.id);
  return next;
}

/** Every lead of a list picked, or none of them. */
export function checkedWithList(
  checked: ReadonlySet<string>,
  list: readonly LeadRecord[],
  on: boolean,
): ReadonlySet<string> {
  const next = new Set(checked);
  for (const lead of list) on ? next.add(lead.ID) : next.delete(lead.ID);
  return next;
}
