/**
 * The DOM ids of a lead's elements, in one place: the tracker's focus moves, shortcuts and
 * tests find elements by them. A lead can show in two lists at once (Due, and its own), so
 * the list is in every id.
 */

/** The controls that save a lead, as their ids and save messages name them. */
export type LeadControl = "comm" | "lead" | "notes" | "date" | "reply";

const leadBase = (listKey: string, leadId: string) => `lead-${listKey}-${leadId}`;

export const controlId = (listKey: string, leadId: string, control: LeadControl) =>
  `${leadBase(listKey, leadId)}-${control}`;
/** The lead's name heading (a row's or a card's). */
export const nameId = (listKey: string, leadId: string) => `${leadBase(listKey, leadId)}-name`;
/** A card (phones), which j and k move between. */
export const cardId = (listKey: string, leadId: string) => `${leadBase(listKey, leadId)}-card`;
/** A row's main button, which opens the lead's details. */
export const rowButtonId = (listKey: string, leadId: string) => `${leadBase(listKey, leadId)}-open`;
/** The details pane of the open lead, and its heading (where Enter takes focus). */
export const detailsId = (listKey: string, leadId: string) =>
  `${leadBase(listKey, leadId)}-details`;
export const detailsHeadingId = (listKey: string, leadId: string) =>
  `${detailsId(listKey, leadId)}-name`;

/**
 * Which of the lead's elements an id names, whatever list it is in (`comm` of
 * `lead-fresh-<id>-comm`), so focus can follow the lead to another list; null for an element
 * of another lead or list.
 */
export function elementOf(elementId: string, listKey: string, leadId: string): string | null {
  const prefix = `${leadBase(listKey, leadId)}-`;
  return elementId.startsWith(prefix) ? elementId.slice(prefix.length) : null;
}

/** The same element of the lead in another list. */
export const sameElementIn = (listKey: string, leadId: string, element: string) =>
  `${leadBase(listKey, leadId)}-${element}`;
