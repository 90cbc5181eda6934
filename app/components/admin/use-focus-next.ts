import { useEffect, useRef } from "react";

/**
 * Focus for after the next render, which may move or remove the focused element (a lead that
 * changed lists, one erased): the first of the given ids that exists then gets it.
 */
export function useFocusNext() {
  const next = useRef<readonly string[] | null>(null);
  useEffect(() => {
    if (!next.current) return;
    const target = next.current
      .map((id) => document.getElementById(id))
      .find((element) => element !== null);
    // Focus moves, the page does not: only an element out of sight is brought into view,
    // just enough (a lead that left the list is never followed by the scroll).
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "nearest" });
    next.current = null;
  });
  return (ids: readonly string[]) => {
    next.current = ids;
  };
}
