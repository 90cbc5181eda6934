import type { CalendarDate } from "../../../domain/dates.ts";
import type { LiveChanges } from "../../../domain/lead-changes.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import type { LeadControl } from "../lead/dom-ids.ts";
import type { LeadMessage, ListKey } from "../lead/lead-view.ts";
import {
  has,
  type LeadPlace,
  type ListState,
  type Lists,
  listAfterSave,
  neighbourInList,
  placeAfterRemoval,
  placeSavedLead,
  syncLists,
  withoutLead,
} from "./tracker-lists.ts";

/**
 * The lead tracker's state, and every way it changes, as one pure reducer: the three lists,
 * what is said beside each lead, the follow-up dates offered after a reply, the open lead and
 * the leads picked for a bulk update. It alone decides where a saved lead goes, and where the
 * owner goes then (a lead's row, or a list's heading); the page dispatches, and moving focus
 * there (the DOM) is the hooks' business, never this module's.
 */

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
  /** Where focus goes once the page shows the last save or removal; the hook moves it. */
  readonly focus: FocusTarget | null;
};

/** A lead's row (its main button), or a list's heading when that list has no lead left. */
export type FocusTarget =
  | { readonly kind: "row"; readonly place: LeadPlace }
  | { readonly kind: "heading"; readonly listKey: ListKey };

/**
 * Where focus was when a save came back, as the page saw it: on one of the saved lead's
 * controls, typing in one of its fields (notes, the date), on nothing (the control that saved
 * is gone), or elsewhere, which a save never takes it from.
 */
export type FocusWas = "lead" | "lead-field" | "page" | "elsewhere";

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
      /** Where focus was: it follows the lead, or the list it left, only from the lead. */
      focusWas?: FocusWas;
    }
  | { type: "message"; id: string; message: LeadMessage | undefined }
  /** A lead changed in place (its replies read): every copy of it, nothing moved or said. */
  | { type: "patched"; lead: LeadRecord }
  | { type: "offer"; id: string; date: CalendarDate | null }
  | { type: "open"; place: LeadPlace | null }
  /** Erased, or moved to Spam: off the page, and said; focus (and, at a desk, the details) go on. */
  | { type: "removed"; ids: readonly string[]; notice: Notice; dense?: boolean }
  /** Leads back on the page (Undo of a move to Spam, a lead opened from a link). */
  | { type: "restored"; leads: readonly LeadRecord[]; today: CalendarDate; notice: Notice | null }
  /** One lead merged into another (ADR 041): the other leaves, the kept one is placed anew. */
  | { type: "merged"; kept: LeadRecord; mergedId: string; today: CalendarDate; notice: Notice }
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
  focus: null,
});

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
    case "saved":
      return afterSave(state, action);
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
      // Focus goes on to the next lead (at a desk, opened too), never back to the page's top.
      const next = placeAfterRemoval(state.lists, action.ids, state.open);
      const openGone = state.open && action.ids.includes(state.open.id);
      return {
        ...state,
        lists: action.ids.reduce((lists, id) => withoutLead(lists, id), state.lists),
        checked: withoutIds(state.checked, action.ids),
        open: action.dense && next ? next : openGone ? null : state.open,
        messages,
        notice: action.notice,
        focus: next ? { kind: "row", place: next } : state.focus,
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
    case "merged": {
      const { kept, mergedId } = action;
      const lists = placeSavedLead(withoutLead(state.lists, mergedId), kept, action.today);
      // The kept lead stays open; the merged one's row and marks go.
      return {
        ...state,
        lists,
        checked: withoutIds(state.checked, [mergedId]),
        messages: withEntry(state.messages, mergedId, undefined),
        open: state.open?.id === mergedId ? null : state.open,
        notice: action.notice,
      };
    }
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
 * A save came back: the lead goes where its new values place it (tracker-lists.ts), and says
 * what happened there. When it left the list being worked, the owner stays in that list, on
 * its next lead (opened at a desk) or its heading when none is left, and is told where the
 * lead went, with a way to follow it; focus follows only from the lead itself or from
 * nowhere. Otherwise the open lead stays open, a lead changed from its row opens, and focus
 * goes back to the lead's row (where j, k, Enter and e work) unless a field is being typed in.
 */
function afterSave(
  state: TrackerState,
  action: Extract<TrackerAction, { type: "saved" }>,
): TrackerState {
  const { lead, listKey, control, today } = action;
  const focusWas = action.focusWas ?? "elsewhere";
  const where = listAfterSave(lead, listKey, today);
  const left = where !== listKey && has(state.lists[listKey], lead.ID);
  const lists = placeSavedLead(state.lists, lead, today);
  const messages = withEntry(state.messages, lead.ID, { ...action.message, where });
  // The lead is open, or opens now: a status changed from its row.
  const opened = state.open?.id === lead.ID || control === "comm" || control === "lead";
  if (left) {
    const next = neighbourInList(state.lists, listKey, lead.ID);
    const offer = state.offers[lead.ID];
    return {
      ...state,
      lists,
      open: opened ? (action.dense ? next : null) : state.open,
      messages,
      notice: {
        text: `${fullName(lead)} moved to ${listTitles[where]}.`,
        jump: { listKey: where, id: lead.ID },
        ...(offer ? { offer: { lead, date: offer } } : {}),
      },
      focus:
        focusWas === "elsewhere"
          ? state.focus
          : next
            ? { kind: "row", place: next }
            : { kind: "heading", listKey },
    };
  }
  return {
    ...state,
    lists,
    open: opened ? { listKey: where, id: lead.ID } : state.open,
    messages,
    focus:
      focusWas === "lead" ? { kind: "row", place: { listKey: where, id: lead.ID } } : state.focus,
  };
}
