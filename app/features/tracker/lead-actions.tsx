import { useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadRecord, leadTexts, statusLabel } from "../../../domain/lead-record.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { EraseLeadButton } from "../../components/admin/erase-dialog.tsx";
import { formatDay } from "../../components/admin/format.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";

export type LeadActionsProps = {
  lead: LeadRecord;
  /** The lead is gone for good: take it off the page. */
  onErased: (id: string, outcome: { diskPending: boolean }) => void;
  /** The lead went to Spam: take it off the page, and say so. */
  onMarkedSpam: (lead: LeadRecord) => void;
  /** Another lead was merged into this one: take it off the page, place this one anew. */
  onMerged: (kept: LeadRecord, merged: LeadRecord) => void;
};

/**
 * What is done to a lead as a whole, set apart at the end of its details: Mark as spam (asked
 * first for a worked lead; undone by the notice's Undo or from the Spam view) and Erase (for
 * good, after a confirmation naming the person).
 */
export function LeadActions({ lead, onErased, onMarkedSpam }: LeadActionsProps) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [confirming, setConfirming] = useState(false);
  const name = fullName(lead) || lead.Email;
  async function markSpam() {
    setState({ busy: true, error: null });
    const result = await authPost(endpoints.markSpam, {}, { params: { id: lead.ID } });
    if (result.ok || result.status === 404) {
      setState({ busy: false, error: null });
      setConfirming(false);
      onMarkedSpam(lead);
      return;
    }
    setState({ busy: false, error: result.error ?? leadTexts.failed });
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1 border-t border-line pt-1.5">
      <button
        type="button"
        // A lead the owner has worked is asked about first; a fresh one moves at once (Undo).
        onClick={() => (isWorked(lead) ? setConfirming(true) : markSpam())}
        aria-disabled={state.busy}
        className={buttonClass("secondary", "sm")}
      >
        {state.busy ? "Moving to Spam…" : "Mark as spam"}
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Move ${name} to Spam?`}
        text={`You have worked this lead: ${workDone(lead)}. In Spam it keeps all of it, and Not spam brings it back as it is.`}
        keepLabel="Keep the lead"
        confirmLabel={state.busy ? "Moving…" : `Move ${name} to Spam`}
        busy={state.busy}
        error={state.error}
        onConfirm={markSpam}
        onClose={() => setConfirming(false)}
      />
      <EraseLeadButton lead={lead} onErased={onErased} />
      <p aria-live="polite" className="text-sm font-semibold text-error">
        {state.error}
      </p>
    </div>
  );
}

/**
 * Whether the owner has worked a lead: a status other than UNREAD or the default temperature,
 * notes, a follow-up date, or any history (a change since it arrived).
 */
export const isWorked = (lead: LeadRecord) =>
  lead.CommStatus !== "UNREAD" ||
  lead.LeadStatus !== "WARM" ||
  lead.Notes.trim() !== "" ||
  Boolean(lead.NextFollowUp) ||
  (lead.UpdatedAt !== undefined &&
    lead.CreatedAt !== undefined &&
    lead.UpdatedAt !== lead.CreatedAt);

/** What the owner has done with a lead, in words, for the question before Spam. */
function workDone(lead: LeadRecord): string {
  const done = [
    `${statusLabel(lead.CommStatus).toLowerCase()}, ${statusLabel(lead.LeadStatus).toLowerCase()}`,
    lead.Notes.trim() ? "notes" : "",
    lead.NextFollowUp ? `a follow-up on ${formatDay(lead.NextFollowUp)}` : "",
  ].filter(Boolean);
  return done.join(", ");
}
