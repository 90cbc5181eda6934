import { useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadRecord, leadTexts } from "../../../domain/lead-record.ts";
import { EraseLeadButton } from "../../components/admin/erase-dialog.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";

export type LeadActionsProps = {
  lead: LeadRecord;
  /** The lead is gone for good: take it off the page. */
  onErased: (id: string, outcome: { diskPending: boolean }) => void;
  /** The lead went to Spam: take it off the page, and say so. */
  onMarkedSpam: (lead: LeadRecord) => void;
};

/**
 * What is done to a lead as a whole, set apart at the end of its details: Mark as spam (undone
 * from the Spam view) and Erase (for good, after a confirmation naming the person).
 */
export function LeadActions({ lead, onErased, onMarkedSpam }: LeadActionsProps) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  async function markSpam() {
    setState({ busy: true, error: null });
    const result = await authPost(endpoints.markSpam, {}, { params: { id: lead.ID } });
    if (result.ok || result.status === 404) {
      setState({ busy: false, error: null });
      onMarkedSpam(lead);
      return;
    }
    setState({ busy: false, error: result.error ?? leadTexts.failed });
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1 border-t border-line pt-1.5">
      <button
        type="button"
        onClick={markSpam}
        aria-disabled={state.busy}
        className={buttonClass("secondary", "sm")}
      >
        {state.busy ? "Moving to Spam…" : "Mark as spam"}
      </button>
      <EraseLeadButton lead={lead} onErased={onErased} />
      <p aria-live="polite" className="text-sm font-semibold text-error">
        {state.error}
      </p>
    </div>
  );
}
