import { useEffect, useRef, useState } from "react";
import { compactFieldClass, rowFieldClass } from "../../components/form-fields.tsx";

/** How long a value chosen with the keyboard waits for the next key before it is saved. */
export const keyboardSettleMs = 1200;

/** Keys that leave a select's value as it is: they never start a keyboard change. */
const neutralKeys = new Set(["Tab", "Enter", "Escape", "Shift", "Control", "Alt", "Meta"]);

/**
 * A labelled status select that commits the person's change, never a value it was given.
 * A mouse or touch choice commits at once. Arrow keys (and typing) on a closed select change
 * its value at every press, so those wait: the value commits once the keys stop for a
 * moment, or at Enter, or when focus leaves. UNREAD → CONVERSING by keyboard is one save,
 * not one for every status passed on the way.
 */
export function StatusSelect<T extends string>({
  id,
  label,
  hideLabel = false,
  value,
  options,
  labelOf = (value) => value,
  onCommit,
  className = "",
  compact = false,
}: {
  id: string;
  /** The label's content: its text is the select's accessible name. */
  label: React.ReactNode;
  hideLabel?: boolean;
  value: T;
  options: readonly T[];
  /** An option's words; its value stays as the API has it. */
  labelOf?: (value: T) => string;
  onCommit: (value: T) => void;
  className?: string;
  /** A row's select: shorter, smaller text. */
  compact?: boolean;
}) {
  const [shown, setShown] = useState(value);
  const byKeyboard = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<T | null>(null);
  const committed = useRef(value);
  const onCommitRef = useRef(onCommit);
  onCommitRef.current = onCommit;

  // A value from outside (a save, a revert, a newer version) replaces what is shown.
  useEffect(() => {
    committed.current = value;
    if (pending.current === null) setShown(value);
  }, [value]);

  const commit = () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next !== null && next !== committed.current) {
      committed.current = next;
      onCommitRef.current(next);
    }
  };
  // Leaving the page (or the lead moving away) still saves what was chosen. `commit` reads
  // only refs, so the first one is as good as any.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only, by design.
  useEffect(() => () => commit(), []);

  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-semibold"}>
        {label}
      </label>
      <select
        id={id}
        value={shown}
        className={`${compact ? rowFieldClass : compactFieldClass} font-semibold`}
        onPointerDown={() => {
          byKeyboard.current = false;
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            byKeyboard.current = false;
            commit();
          } else if (!neutralKeys.has(event.key)) byKeyboard.current = true;
        }}
        onChange={(event) => {
          const next = event.target.value as T;
          setShown(next);
          pending.current = next;
          clearTimeout(timer.current);
          if (byKeyboard.current) timer.current = setTimeout(commit, keyboardSettleMs);
          else commit();
        }}
        onBlur={commit}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
