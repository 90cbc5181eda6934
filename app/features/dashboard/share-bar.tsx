/** A row's bar on the dashboard: its count against the largest of its list, for the eye only. */
export function ShareBar({ value, most }: { value: number; most: number }) {
  return (
    <span aria-hidden="true" className="h-1.5 rounded-sm bg-paper-dim">
      <span
        className="block h-full rounded-sm bg-ink"
        style={{ width: `${(value / Math.max(1, most)) * 100}%` }}
      />
    </span>
  );
}
