import { useEffect, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useRevalidator } from "react-router";
import * as z from "zod/mini";
import type { CalendarDate } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import type { LeadFilters } from "../../../domain/lead-filters.ts";
import { leadNotFound } from "../../../domain/lead-merge.ts";
import { type LeadRecord, leadTexts } from "../../../domain/lead-record.ts";
import { formatDay } from "../../components/admin/format.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { useLoadMore } from "../../components/admin/paged-list.ts";
import { useFocusNext } from "../../components/admin/use-focus-next.ts";
import { authGet, authPost } from "../../session/api.ts";
import { controlId, rowButtonId } from "../lead/dom-ids.ts";
import { isSignedOut, type SaveOutcome, useLeadSaves } from "../lead/lead-saves.tsx";
import type { LeadMessage, ListKey } from "../lead/lead-view.ts";
import { headingIdOf } from "./list-jumps.tsx";
import { loadList } from "./load-lists.ts";
import { findLead, homeOf, type LeadPlace, type Lists, placesOf } from "./tracker-lists.ts";
import {
  type FocusWas,
  initialTrackerState,
  listTitles,
  type Notice,
  trackerReducer,
} from "./tracker-state.ts";
import { useBulkSelection } from "./use-bulk-selection.ts";
import { useLiveUpdates } from "./use-live-updates.ts";
import { useMediaQuery } from "./use-media-query.ts";
import { useTrackerKeyboard } from "./use-tracker-keyboard.ts";

/**
 * The lead tracker's behaviour, for its route to lay out: the state (tracker-state.ts), the
 * saves, bulk updates, the keyboard, loading more, and where focus goes after each of them.
 */
export function useTracker(
  loaded: Lists,
  { filters, linkedLead }: { filters: LeadFilters; linkedLead: string | null },
) {
  const revalidator = useRevalidator();
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

  // Where focus goes after a save or a removal is the reducer's call; moving it is ours.
  useEffect(() => {
    const to = state.focus;
    if (!to) return;
    const target = document.getElementById(
      to.kind === "row" ? rowButtonId(to.place.listKey, to.place.id) : headingIdOf(to.listKey),
    );
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "nearest" });
  }, [state.focus]);

  /** A save came back: the reducer places the lead; the page says where focus was. */
  const onSaved = ({ lead, message, control, listKey }: SaveOutcome) =>
    dispatch({
      type: "saved",
      lead,
      listKey,
      control,
      message,
      today: clock.today,
      dense,
      focusWas: focusWasFor(lead.ID),
    });
  const saves = useLeadSaves({
    onSaved,
    onMessage: (id, message) => dispatch({ type: "message", id, message }),
    onOffer: (id, date) => dispatch({ type: "offer", id, date }),
    onPatched: (lead) => dispatch({ type: "patched", lead }),
    onSignedOut: () => setSignedOut(true),
    today: () => clock.today,
  });

  /** Leads gone for good or to Spam: off the page, focus to the next one, and say so. */
  const remove = (ids: readonly string[], notice: Notice) =>
    dispatch({ type: "removed", ids, notice, dense });
  const nameOf = (id: string) => {
    const lead = findLead(state.lists, id);
    return lead ? fullName(lead) : "The lead";
  };
  const actions = {
    onErased: (id: string, { diskPending }: { diskPending: boolean }) =>
      remove([id], {
        text: `${nameOf(id)} was erased, with its notes and history${diskPending ? "; removal from disk pending" : ""}.`,
      }),
    onMarkedSpam: (lead: LeadRecord) =>
      remove([lead.ID], { text: `${fullName(lead)} moved to Spam.`, undoSpam: [lead] }),
    onMerged: (kept: LeadRecord, merged: LeadRecord) =>
      dispatch({
        type: "merged",
        kept,
        mergedId: merged.ID,
        today: clock.today,
        notice: { text: `${fullName(merged) || merged.Email} was merged into ${fullName(kept)}.` },
      }),
  };

  /** Undo a move to Spam: the leads come back as they were, in their places, and focus follows. */
  async function undoSpam(notice: Notice) {
    const leads = notice.undoSpam ?? [];
    if (leads.length === 0) return;
    dispatch({ type: "notice", notice: { text: "Bringing back from Spam…" } });
    const result = await authPost(endpoints.bulkNotSpam, { IDs: leads.map((lead) => lead.ID) });
    if (!result.ok) {
      if (isSignedOut(result)) setSignedOut(true);
      dispatch({ type: "notice", notice: { ...notice, text: result.error ?? leadTexts.failed } });
      return;
    }
    const back = result.data.restored;
    const first = back[0];
    const text =
      back.length === 1 && first
        ? `${fullName(first)} is back in ${listTitles[homeOf(first)]}.`
        : result.data.message;
    dispatch({ type: "restored", leads: back, today: clock.today, notice: { text } });
    if (first) {
      const place = { listKey: homeOf(first), id: first.ID };
      if (dense) open(place);
      focusNext([rowButtonId(place.listKey, place.id)]);
    }
  }

  /** The follow-up offered after a reply, set from the notice: the owner stays where he is. */
  function acceptOffer(notice: Notice) {
    const offer = notice.offer;
    if (!offer) return;
    const { lead, date } = offer;
    saves.save({
      lead,
      changes: { NextFollowUp: date },
      control: "date",
      listKey: notice.jump?.listKey ?? homeOf(lead),
    });
    dispatch({
      type: "notice",
      notice: {
        text: `Follow-up with ${fullName(lead)} set for ${formatDay(date)}.`,
        jump: notice.jump,
      },
    });
  }

  /** Jump to it: the lead that left the list, where it went now, focused and in view. */
  function jump(notice: Notice) {
    const place = notice.jump;
    if (!place) return;
    dispatch({ type: "notice", notice: null });
    if (dense) open(place);
    const button = document.getElementById(rowButtonId(place.listKey, place.id));
    button?.focus({ preventScroll: true });
    button?.scrollIntoView({ block: "center", behavior: "instant" });
  }

  const bulk = useBulkSelection({
    state,
    dispatch,
    today: clock.today,
    focusNext,
    onSignedOut: () => setSignedOut(true),
    onRemoved: remove,
  });
  useLiveUpdates(filters, loaded.fresh.asOf, (changes) => {
    // Too much changed for one answer: load the lists again rather than guess.
    if (!changes.complete) return void revalidator.revalidate();
    dispatch({ type: "synced", changes, today: clock.today });
  });

  // `?lead=<ID>` (the new-lead e-mail's link): that lead, open and focused, loaded on its own
  // when the lists' first pages do not have it.
  const linked = useRef<string | null>(null);
  useEffect(() => {
    const id = linkedLead;
    if (!id || linked.current === id) return;
    linked.current = id;
    void (async () => {
      const listed = findLead(state.lists, id);
      let lead = listed;
      if (!lead) {
        let result = await authGet(endpoints.lead, { params: { id } });
        // A merged-away lead's link (an older e-mail) opens the lead it went into (ADR 041).
        const gone = result.ok ? undefined : z.safeParse(leadNotFound, result.data).data;
        if (result.status === 404 && gone?.mergedInto)
          result = await authGet(endpoints.lead, { params: { id: gone.mergedInto } });
        if (!result.ok) {
          dispatch({
            type: "notice",
            notice: {
              text: result.status === 404 ? leadTexts.notFound : (result.error ?? leadTexts.failed),
            },
          });
          return;
        }
        lead = result.data;
      }
      const place = { listKey: homeOf(lead), id: lead.ID };
      const focusRow = () => {
        const button = document.getElementById(rowButtonId(place.listKey, place.id));
        button?.focus({ preventScroll: true });
        button?.scrollIntoView({ block: "center" });
      };
      if (listed) {
        // Its row is on the page already (this runs in the effect, where React cannot flush).
        dispatch({ type: "open", place });
        requestAnimationFrame(focusRow);
        return;
      }
      // Fetched on its own: rendered now, not at React's next turn, or a frame callback could
      // run before its row exists (a busy machine) and focus nothing.
      const fetched = lead;
      flushSync(() => {
        dispatch({ type: "restored", leads: [fetched], today: clock.today, notice: null });
        dispatch({ type: "open", place });
      });
      focusRow();
    })();
  }, [linkedLead, state.lists, clock.today]);

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
    undoSpam,
    jump,
    acceptOffer,
    dismissNotice: () => dispatch({ type: "notice", notice: null }),
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
      onClose: () => open(null),
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

/** Where focus is as a save of `leadId` comes back: on the lead, typing in it, nowhere, elsewhere. */
function focusWasFor(leadId: string): FocusWas {
  const active = document.activeElement;
  if (active === document.body) return "page";
  if (!(active instanceof HTMLElement) || !active.closest(`[data-lead-id="${leadId}"]`))
    return "elsewhere";
  // A field being typed in (notes, the date) keeps its focus unless the lead leaves.
  const typing =
    active instanceof HTMLTextAreaElement ||
    (active instanceof HTMLInputElement && active.type !== "checkbox");
  return typing ? "lead-field" : "lead";
}
