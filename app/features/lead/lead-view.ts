import type { LeadControl } from "./dom-ids.ts";

/**
 * What every view of a lead shares, whichever feature draws it (the tracker's rows and
 * details, the conversation, the deal value): which list's copy it is, and what is said
 * beside it after a save.
 */

/** Due (today and overdue), New Leads (UNREAD) and Follow Up With (the rest). */
export type ListKey = "due" | "fresh" | "old";

/** What to say beside a lead, and in which list's copy of it (a lead can show in two at once). */
export type LeadMessage = {
  readonly kind: "success" | "error";
  readonly text: string;
  /** The list whose copy of the lead says it. */
  readonly where?: ListKey;
  /** The control that saved: a row speaks for its selects, the details for the rest. */
  readonly control?: LeadControl;
};
