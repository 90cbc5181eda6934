import { useEffect, useState } from "react";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { limits } from "../../../domain/limits.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { controlId } from "../lead/dom-ids.ts";
import { useLeadSavesContext } from "../lead/lead-saves.tsx";
import type { ListKey } from "../lead/lead-view.ts";

/**
 * Notes, saved by the Submit beside them (docs/product.md, "Saving"). A draft outlives the view.
 */
export function NotesForm({
  lead,
  listKey,
  rows = 2,
  className = "",
}: {
  lead: LeadRecord;
  listKey: ListKey;
  rows?: number;
  className?: string;
}) {
  const saves = useLeadSavesContext();
  const [notes, setNotes] = useState(() => saves.drafts.get(lead.ID) ?? lead.Notes);
  const id = controlId(listKey, lead.ID, "notes");
  // Someone's saved notes (ours, or another person's after a conflict) replace the draft.
  useEffect(() => {
    if (!saves.drafts.has(lead.ID)) setNotes(lead.Notes);
  }, [lead.Notes, lead.ID, saves.drafts]);
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        saves.save({ lead, changes: { Notes: notes }, control: "notes", listKey });
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Notes
      </label>
      <div className="mt-0.5 flex items-start gap-1">
        <textarea
          id={id}
          value={notes}
          rows={rows}
          maxLength={limits.notes}
          onChange={(event) => {
            setNotes(event.target.value);
            saves.drafts.set(lead.ID, event.target.value);
          }}
          className={`${compactFieldClass} min-h-5 resize-y`}
        />
        <button type="submit" className={buttonClass("primary", "sm")}>
          Submit
        </button>
      </div>
    </form>
  );
}
