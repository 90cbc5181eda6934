import type { CalendarDate } from "../../../domain/dates.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import type { LeadMessage, ListKey } from "../lead/lead-view.ts";
import type { LeadActionsProps } from "./lead-actions.tsx";

/** What every view of one lead (the desk row, the phone card, the details pane) is given. */
export type LeadViewProps = {
  lead: LeadRecord;
  listKey: ListKey;
  /** The outcome of this lead's last save, shown beside its controls. */
  message: LeadMessage | undefined;
  /** A follow-up date the page suggests for this lead after a reply (kept when it moves). */
  offer: CalendarDate | undefined;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  actions: Omit<LeadActionsProps, "lead">;
};

/** A list view's box for picking the lead for a bulk update. */
export type LeadPickProps = {
  selected: boolean;
  onSelect: (event: React.MouseEvent<HTMLInputElement>) => void;
};
