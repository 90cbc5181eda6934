import { useEffect, useId, useRef, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authDelete } from "../../session/api.ts";
import { buttonClass } from "../layout.tsx";

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
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  /** Its words are in the page only while it is open: a closed dialog says nothing. */
  const [open, setOpen] = useState(false);
  const id = useId();
  const name = `${lead.FirstName} ${lead.LastName}`.trim() || lead.Email;

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  async function erase() {
    setState({ busy: true, error: null });
    const result = await authDelete(endpoints.eraseLead, { params: { id: lead.ID } });
    if (result.ok || result.status === 404) {
      // Gone either way: erased now, or already by someone else.
      setState({ busy: false, error: null });
      dialog.current?.close();
      onErased(lead.ID, { diskPending: result.ok && result.data.diskPending === true });
      return;
    }
    setState({ busy: false, error: result.error ?? leadTexts.failed });
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => {
          setState({ busy: false, error: null });
          setOpen(true);
        }}
        className={className ?? buttonClass("secondary", "sm")}
      >
        Erase lead…
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-sm border border-line bg-paper p-3 text-ink shadow-xl backdrop:bg-ink/50"
      >
        {open ? (
          <>
            <h2 id={`${id}-title`} className="text-xl font-bold">
              Erase {name}'s lead?
            </h2>
            <p id={`${id}-text`} className="mt-1 text-muted">
              This deletes {name} ({lead.Email}), their message, your notes and the lead's history
              for good. It cannot be undone. Only a record that a lead was erased, by you, is kept.
            </p>
            <div aria-live="polite" className="mt-1 min-h-3 text-sm font-semibold text-error">
              {state.error}
            </div>
            <div className="mt-2 flex flex-wrap justify-end gap-1">
              <button
                type="button"
                // The safe choice has focus when the dialog opens (the dialog's own convention).
                // biome-ignore lint/a11y/noAutofocus: focus placement inside a modal dialog.
                autoFocus
                onClick={() => dialog.current?.close()}
                className={buttonClass("secondary", "sm")}
              >
                Keep the lead
              </button>
              <button
                type="button"
                disabled={state.busy}
                onClick={erase}
                className={buttonClass("danger", "sm")}
              >
                {state.busy ? "Erasing…" : `Erase ${name}`}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </>
  );
}
