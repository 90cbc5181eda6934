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
    target?.focus();
    next.current = null;
  });
  return (ids: readonly string[]) => {
    next.current = ids;
  };
}
