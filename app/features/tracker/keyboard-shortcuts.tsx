import { useEffect, useId, useRef } from "react";
import { buttonClass } from "../../components/layout.tsx";

/** Every shortcut of the lead workspace, as the help lists them. */
export const shortcuts = [
  { keys: ["j", "↓"], does: "Next lead" },
  { keys: ["k", "↑"], does: "Previous lead" },
  { keys: ["Enter"], does: "Open the lead's details" },
  { keys: ["Esc"], does: "Back from the details to the lead" },
  { keys: ["e"], does: "Write notes on the lead" },
  { keys: ["x"], does: "Select the lead for a bulk update (Shift-click selects a range)" },
  { keys: ["/"], does: "Search leads" },
  { keys: ["?"], does: "Show these shortcuts" },
] as const;

export type ShortcutHandlers = {
  next: () => void;
  previous: () => void;
  notes: () => void;
  select: () => void;
  search: () => void;
  help: () => void;
};

/** Inputs that take no typing: a shortcut pressed on them is a shortcut. */
const keylessInputs = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "color"]);

/**
 * Typing somewhere: keys belong to the field, never to a shortcut. A select counts (letters
 * pick its options); a checkbox does not.
 */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(SELECT|TEXTAREA)$/.test(target.tagName) ||
    (target instanceof HTMLInputElement && !keylessInputs.has(target.type)));

/**
 * The workspace's keys. None fires while typing in a field, with a modifier held, or while
 * a dialog is open. Arrow keys move between leads only from a lead (elsewhere they scroll).
 */
export function useShortcuts(handlers: ShortcutHandlers) {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector("dialog[open]")) return;
      const onLead =
        event.target instanceof HTMLElement && event.target.closest("[data-lead-nav]") !== null;
      const action = (
        {
          j: "next",
          k: "previous",
          e: "notes",
          x: "select",
          "/": "search",
          "?": "help",
          ...(onLead ? { ArrowDown: "next", ArrowUp: "previous" } : {}),
        } as Record<string, keyof ShortcutHandlers>
      )[event.key];
      if (!action) return;
      event.preventDefault();
      current.current[action]();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The list of shortcuts, in a modal dialog that returns focus where it was. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const id = useId();
  useEffect(() => {
    const node = dialog.current;
    if (open && node && !node.open) {
      returnTo.current = document.activeElement;
      node.showModal();
    }
    if (!open && node?.open) node.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={() => {
        onClose();
        if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
      }}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-sm border border-line bg-paper p-3 text-ink shadow-xl backdrop:bg-ink/50"
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            Keyboard shortcuts
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            They work anywhere on the page except while typing in a field.
          </p>
          <dl className="mt-2 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1">
            {shortcuts.map((shortcut) => (
              <div key={shortcut.does} className="contents">
                <dt className="flex items-start gap-0.5">
                  {shortcut.keys.map((key) => (
                    <kbd
                      key={key}
                      className="inline-flex min-w-3 items-center justify-center rounded-sm border border-ink/30 bg-white px-0.5 font-mono text-sm font-semibold"
                    >
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 flex justify-end">
            <button
              type="button"
              // The safe choice has focus when the dialog opens (the dialog's own convention).
              // biome-ignore lint/a11y/noAutofocus: focus placement inside a modal dialog.
              autoFocus
              onClick={() => dialog.current?.close()}
              className={buttonClass("primary", "sm")}
            >
              Close
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
