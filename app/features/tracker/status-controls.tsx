import { useEffect, useState } from "react";
import {
  type CommStatus,
  commStatusesInOrder,
  type LeadRecord,
  type LeadStatus,
  leadStatusesInOrder,
  statusLabel,
} from "../../../domain/lead-record.ts";
import { controlId } from "../lead/dom-ids.ts";
import { useLeadSavesContext } from "../lead/lead-saves.tsx";
import type { ListKey } from "../lead/lead-view.ts";
import { StatusSelect } from "./status-select.tsx";

/**
 * The owner's words for the two status fields; the values keep their fixed names
 * (docs/product.md, "Status values").
 */
export const statusFieldLabels = {
  /** Visible "Communication"; read as "Communication status". */
  comm: (
    <>
      Communication<span className="sr-only"> status</span>
    </>
  ),
  /** Visible "Lead temperature"; read with "lead status" too, the field's fixed name. */
  lead: (
    <>
      Lead temperature<span className="sr-only"> (lead status)</span>
    </>
  ),
};

/**
 * A lead's two statuses as its view shows them, each change saved through the page's saves.
 * What is shown follows a newer version of the lead (a move, someone else's change) and goes
 * back to the saved value when a save fails.
 */
export function useLeadStatuses(lead: LeadRecord, listKey: ListKey) {
  const saves = useLeadSavesContext();
  const [comm, setComm] = useState<CommStatus>(lead.CommStatus);
  const [leadStatus, setLeadStatus] = useState<LeadStatus>(lead.LeadStatus);
  useEffect(() => {
    setComm(lead.CommStatus);
    setLeadStatus(lead.LeadStatus);
  }, [lead]);
  return {
    comm,
    leadStatus,
    saveComm(value: CommStatus) {
      setComm(value);
      saves.save({
        lead,
        changes: { CommStatus: value },
        control: "comm",
        listKey,
        onFailed: (saved) => setComm(saved.CommStatus),
      });
    },
    saveLeadStatus(value: LeadStatus) {
      setLeadStatus(value);
      saves.save({
        lead,
        changes: { LeadStatus: value },
        control: "lead",
        listKey,
        onFailed: (saved) => setLeadStatus(saved.LeadStatus),
      });
    },
  };
}

export type LeadStatuses = ReturnType<typeof useLeadStatuses>;

/**
 * The two status selects of a lead's row (compact, labels for assistive technology only) or
 * card (visible labels). Each change saves; first display never does.
 */
export function StatusControls({
  lead,
  listKey,
  statuses,
  variant,
}: {
  lead: LeadRecord;
  listKey: ListKey;
  statuses: LeadStatuses;
  variant: "row" | "card";
}) {
  const row = variant === "row";
  return (
    <>
      <StatusSelect
        id={controlId(listKey, lead.ID, "comm")}
        label={row ? "Communication status" : statusFieldLabels.comm}
        hideLabel={row}
        compact={row}
        value={statuses.comm}
        options={commStatusesInOrder}
        labelOf={statusLabel}
        onCommit={statuses.saveComm}
      />
      <StatusSelect
        id={controlId(listKey, lead.ID, "lead")}
        label={row ? "Lead status" : statusFieldLabels.lead}
        hideLabel={row}
        compact={row}
        value={statuses.leadStatus}
        options={leadStatusesInOrder}
        labelOf={statusLabel}
        onCommit={statuses.saveLeadStatus}
      />
    </>
  );
}
