/**
 * The DOM ids of a lead's elements, in one place: the tracker's focus moves, shortcuts and
 * tests find elements by them. A lead can show in two lists at once (Due, and its own), so
 * the list is in every id.
 */

/** The controls that save a lead, as their ids and save messages name them. */
export type LeadControl = "comm" | "lead" | "notes" | "date" | "reply" | "value" | "owner";

const leadBase = (listKey: string, leadId: string) => `lead-${listKey}-${leadId}`;

export const controlId = (listKey: string, leadId: string, control: LeadControl) =>
  `${leadBase(listKey, leadId)}-${control}`;
/** The lead's name heading (a row's or a card's). */
export const nameId = (listKey: string, leadId: string) => `${leadBase(listKey, leadId)}-name`;
/** A row's main button, which opens the lead's details. */
export const rowButtonId = (listKey: string, leadId: string) => `${leadBase(listKey, leadId)}-open`;
/** The details pane of the open lead, and its heading (where Enter takes focus). */
export const detailsId = (listKey: string, leadId: string) =>
  `${leadBase(listKey, leadId)}-details`;
export const detailsHeadingId = (listKey: string, leadId: string) =>
  `${detailsId(listKey, leadId)}-name`;
