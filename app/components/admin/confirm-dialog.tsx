import { useId } from "react";
import { buttonClass } from "../layout.tsx";
import { useModalDialog } from "./modal-dialog.ts";

/**
 * A modal question before something the owner could regret (moving a worked lead to Spam,
 * erasing many): focus stays in it, the safe choice has focus, Escape keeps things as they
 * were, and focus goes back where it came from. Its words are in the page only while open.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  keepLabel,
  danger = false,
  busy = false,
  error = null,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  keepLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  /** Closed without confirming (Escape, the safe button), or after confirming. */
  onClose: () => void;
}) {
  const dialog = useModalDialog(open, onClose);
  const id = useId();

  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={dialog.onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-sm border border-line bg-paper p-3 text-ink shadow-xl backdrop:bg-ink/50"
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          <p id={`${id}-text`} className="mt-1 text-muted">
            {text}
          </p>
          <div aria-live="polite" className="mt-1 min-h-3 text-sm font-semibold text-error">
            {error}
          </div>
          <div className="mt-2 flex flex-wrap justify-end gap-1">
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: focus placement inside a modal dialog.
              autoFocus
              onClick={() => dialog.ref.current?.close()}
              className={buttonClass("secondary", "sm")}
            >
              {keepLabel}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className={buttonClass(danger ? "danger" : "primary", "sm")}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
