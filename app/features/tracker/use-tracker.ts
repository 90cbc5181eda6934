import { useEffect, useReducer, useState } from "react";
import type { CalendarDate } from "../../../domain/dates.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { useLoadMore } from "../../components/admin/paged-list.ts";
import { useFocusNext } from "../../components/admin/use-focus-next.ts";
import { cardId, controlId, elementOf, rowButtonId, sameElementIn } from "./dom-ids.ts";
import { type SaveOutcome, useLeadSaves } from "./lead-saves.tsx";
import { loadList } from "./load-lists.ts";
import {
  findLead,
  initialTrackerState,
  type LeadMessage,
  type LeadPlace,
  type ListKey,
  type Lists,
  listAfterSave,
  neighbourOf,
  placesOf,
  trackerReducer,
} from "./tracker-state.ts";
import { useBulkSelection } from "./use-bulk-selection.ts";
import { useMediaQuery } from "./use-media-query.ts";
import { useTrackerKeyboard } from "./use-tracker-keyboard.ts";

/**
 * The lead tracker's behaviour, for its route to lay out: the state (tracker-state.ts), the
 * saves, bulk updates, the keyboard, loading more, and where focus goes after each of them.
 */
export function useTracker(loaded: Lists) {
  const clock = useOwnerClock();
  const dense = useMediaQuery("(min-width: 1024px)");
  const [state, dispatch] = useReducer(trackerReducer, loaded, initialTrackerState);
  const focusNext = useFocusNext();
  const [signedOut, setSignedOut] = useState(false);
  const [help, setHelp] = useState(false);
  const open = (place: LeadPlace | null) => dispatch({ type: "open", place });

  // A new search or filters: start again from what the loader fetched.
  useEffect(() => dispatch({ type: "loaded", lists: loaded }), [loaded]);

  // The dense workspace always shows a lead's details: the first one, until another is opened.
  useEffect(() => {
    if (!dense) return;
    const places = placesOf(state.lists);
    const current = state.open;
    if (!current || !places.some((p) => p.listKey === current.listKey && p.id === current.id))
      dispatch({ type: "open", place: places[0] ?? null });
  }, [dense, state.lists, state.open]);

  function onSaved({ lead, message, control, listKey }: SaveOutcome) {
    const where = listAfterSave(lead, listKey, clock.today);
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(`[data-lead-id="${lead.ID}"]`)) {
      // The element in use (a select, the date field, a quick choice) in the list it was used
      // in, or, if the lead left that list, the same element where it went.
      const element = elementOf(active.id, listKey, lead.ID) ?? control;
      focusNext([listKey, where].map((key) => sameElementIn(key, lead.ID, element)));
    }
    dispatch({ type: "saved", lead, listKey, control, message, today: clock.today });
  }
  const saves = useLeadSaves({
    onSaved,
    onMessage: (id, message) => dispatch({ type: "message", id, message }),
    onOffer: (id, date) => dispatch({ type: "offer", id, date }),
    onSignedOut: () => setSignedOut(true),
    today: () => clock.today,
  });

  /** A lead gone for good or to Spam: off the page, focus to the next one, and say so. */
  function remove(id: string, notice: string) {
    const next = neighbourOf(state.lists, id);
    dispatch({ type: "removed", id, notice });
    if (!next) return;
    if (dense) open(next);
    focusNext([rowButtonId(next.listKey, next.id), cardId(next.listKey, next.id)]);
  }
  const nameOf = (id: string) => {
    const lead = findLead(state.lists, id);
    return lead ? fullName(lead) : "The lead";
  };
  const actions = {
    onErased: (id: string, { diskPending }: { diskPending: boolean }) =>
      remove(
        id,
        `${nameOf(id)} was erased, with its notes and history${diskPending ? "; removal from disk pending" : ""}.`,
      ),
    onMarkedSpam: (lead: LeadRecord) =>
      remove(lead.ID, `${fullName(lead)} was moved to Spam. Not spam, there, brings it back.`),
  };

  const bulk = useBulkSelection({
    state,
    dispatch,
    today: clock.today,
    focusNext,
    onSignedOut: () => setSignedOut(true),
  });
  const keyboard = useTrackerKeyboard({
    dense,
    open: state.open,
    onOpen: open,
    onToggle: bulk.toggle,
    onHelp: () => setHelp(true),
    focusNext,
  });

  const loadMore = {
    due: useLoadMore(
      (url) => loadList("due", { url }),
      (update) => dispatch({ type: "list", listKey: "due", update }),
    ),
    fresh: useLoadMore(
      (url) => loadList("fresh", { url }),
      (update) => dispatch({ type: "list", listKey: "fresh", update }),
    ),
    old: useLoadMore(
      (url) => loadList("old", { url }),
      (update) => dispatch({ type: "list", listKey: "old", update }),
    ),
  };

  return {
    state,
    dense,
    clock,
    saves,
    bulk,
    help,
    setHelp,
    signedOut,
    /** A section's props: the state it shows and what its leads can do. */
    section: {
      dense,
      open: state.open,
      checked: state.checked,
      messages: state.messages,
      offers: state.offers,
      onCheck: bulk.onCheck,
      onCheckAll: bulk.onCheckAll,
      onOpen: keyboard.openLead,
      onOffer: (id: string, date: CalendarDate | null) => dispatch({ type: "offer", id, date }),
      onMessage: (id: string, message: LeadMessage | undefined) =>
        dispatch({ type: "message", id, message }),
      actions,
    },
    loadMore: (listKey: ListKey) => {
      const list = state.lists[listKey];
      if (list) void loadMore[listKey](list);
    },
    /** Signed in again: send what waited for it, and go back to the lead being saved. */
    onSignedIn() {
      setSignedOut(false);
      const waiting = saves.pending()[0];
      saves.resume();
      bulk.resume();
      if (waiting) {
        const { listKey, lead, control } = waiting;
        focusNext([controlId(listKey, lead.ID, control), rowButtonId(listKey, lead.ID)]);
      }
    },
  };
}

export type Tracker = ReturnType<typeof useTracker>;
