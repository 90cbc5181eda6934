import type { LeadRecord } from "../../../domain/lead-record.ts";
import type { LeadPlace } from "./tracker-lists.ts";

/**
 * Which leads are picked for a bulk update after a click or a list's checkbox: pure, like the
 * reducer; use-bulk-selection.ts keeps the Shift-click anchor and dispatches the result.
 */

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
