import { useRef } from "react";
import { controlId, detailsHeadingId } from "../lead/dom-ids.ts";
import type { ListKey } from "../lead/lead-view.ts";
import { useShortcuts } from "./keyboard-shortcuts.tsx";
import type { LeadPlace } from "./tracker-lists.ts";

/** The lead an element belongs to, from the `data-lead-id` and `data-list-key` around it. */
function placeOf(element: Element | null | undefined): LeadPlace | null {
  const lead = element?.closest<HTMLElement>("[data-lead-id]");
  const { leadId, listKey } = lead?.dataset ?? {};
  return leadId && listKey ? { listKey: listKey as ListKey, id: leadId } : null;
}

/**
 * The tracker's keys: `j`/`k` and the arrows move between leads, Enter opens one (the row's
 * button), `e` goes to its notes, `x` picks it, `/` searches, `?` shows the list. In the
 * dense workspace, the lead the keyboard is on is also the open one.
 */
export function useTrackerKeyboard({
  dense,
  open,
  onOpen,
  onToggle,
  onHelp,
  focusNext,
}: {
  dense: boolean;
  open: LeadPlace | null;
  onOpen: (place: LeadPlace) => void;
  onToggle: (place: LeadPlace) => void;
  onHelp: () => void;
  focusNext: (ids: readonly string[]) => void;
}) {
  /** The lead the keyboard was last on. */
  const cursor = useRef<LeadPlace | null>(null);

  /** The lead the keyboard is on: the focused one, else the last one used, else the open one. */
  const currentPlace = () => placeOf(document.activeElement) ?? cursor.current ?? open;

  function move(step: 1 | -1) {
    const targets = [...document.querySelectorAll<HTMLElement>("[data-lead-nav]")];
    if (targets.length === 0) return;
    const place = currentPlace();
    const at = place
      ? targets.findIndex((target) => {
          const there = placeOf(target);
          return there?.id === place.id && there.listKey === place.listKey;
        })
      : -1;
    // From outside the leads, the first key goes to the current lead itself.
    const onLead = document.activeElement?.closest("[data-lead-id]") != null;
    const index = at === -1 ? 0 : onLead ? at + step : at;
    const next = targets[Math.min(targets.length - 1, Math.max(0, index))];
    const to = placeOf(next);
    if (!next || !to) return;
    cursor.current = to;
    if (dense) onOpen(to);
    next.focus();
    next.scrollIntoView({ block: "nearest" });
  }

  useShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    notes: () => {
      const place = currentPlace();
      if (!place) return;
      onOpen(place);
      const notes = controlId(place.listKey, place.id, "notes");
      focusNext([notes]);
      // Already open: nothing re-renders, so focus now.
      document.getElementById(notes)?.focus();
    },
    select: () => {
      const place = currentPlace();
      if (place) onToggle(place);
    },
    search: () => document.getElementById("lead-search")?.focus(),
    help: onHelp,
  });

  return {
    /** A row's button pressed: its details open, and focus goes into them. */
    openLead(place: LeadPlace) {
      cursor.current = place;
      onOpen(place);
      // On a phone the details open under the row, and the row's button keeps focus.
      if (!dense) return;
      // Into the details, where Tab goes through its controls; Escape comes back.
      const heading = detailsHeadingId(place.listKey, place.id);
      focusNext([heading]);
      document.getElementById(heading)?.focus();
    },
  };
}
