import { useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authDelete } from "../../session/api.ts";
import { buttonClass } from "../layout.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * "Erase lead…": a confirmation that names the person, then `DELETE /api/leads/{ID}`. The
 * dialog is modal (focus stays in it, Escape cancels) and returns focus where it came from.
 */
export function EraseLeadButton({
  lead,
  onErased,
  className,
}: {
  lead: { ID: string; FirstName: string; LastName: string; Email: string };
  /**
   * After the server confirmed: take the lead off the page. `diskPending`: another program is
   * reading the database file, so the copy on disk goes a little later (say so).
   */
  onErased: (id: string, outcome: { diskPending: boolean }) => void;
  className?: string;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [open, setOpen] = useState(false);
  const name = `${lead.FirstName} ${lead.LastName}`.trim() || lead.Email;

  async function erase() {
    setState({ busy: true, error: null });
    const result = await authDelete(endpoints.eraseLead, { params: { id: lead.ID } });
    if (result.ok || result.status === 404) {
      // Gone either way: erased now, or already by someone else.
      setState({ busy: false, error: null });
      setOpen(false);
      onErased(lead.ID, { diskPending: result.ok && result.data.diskPending === true });
      return;
    }
    setState({ busy: false, error: result.error ?? leadTexts.failed });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setState({ busy: false, error: null });
          setOpen(true);
        }}
        className={className ?? buttonClass("secondary", "sm")}
      >
        Erase lead…
      </button>
      <ConfirmDialog
        open={open}
        title={`Erase ${name}'s lead?`}
        text={`This deletes ${name} (${lead.Email}), their message, your notes and the lead's history for good. It cannot be undone. Only a record that a lead was erased, by you, is kept.`}
        keepLabel="Keep the lead"
        confirmLabel={state.busy ? "Erasing…" : `Erase ${name}`}
        danger
        busy={state.busy}
        error={state.error}
        onConfirm={erase}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
