import { useEffect, useRef } from "react";

/**
 * A <dialog> shown as a modal while `open`: focus kept inside by the browser, Escape closes,
 * and focus goes back to what had it before (if it is still in the page). `onOpen` runs each
 * time it opens (loading what it shows).
 */
export function useModalDialog(open: boolean, onClose: () => void, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      opened.current?.();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return {
    ref,
    onClose: () => {
      onClose();
      if (opener.current instanceof HTMLElement && opener.current.isConnected)
        opener.current.focus();
    },
  };
}
