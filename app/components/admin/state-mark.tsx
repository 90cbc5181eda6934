/**
 * The admin's marks for what needs doing, so no state is told by colour alone (docs/tracker.md):
 * overdue a triangle, due today a filled dot, a later follow-up an outlined dot, a new lead a
 * square. The tracker's follow-up badges and the overview's counts draw the same shapes.
 */
export type MarkedState = "overdue" | "today" | "upcoming" | "new";

export function StateMark({ state }: { state: MarkedState }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className="size-1.5 shrink-0">
      {state === "overdue" ? (
        <path d="M6 1 11 10.5H1Z" fill="currentColor" />
      ) : state === "today" ? (
        <circle cx="6" cy="6" r="4.5" fill="currentColor" />
      ) : state === "upcoming" ? (
        <circle cx="6" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <rect x="1.5" y="1.5" width="9" height="9" rx="1.5" fill="currentColor" />
      )}
    </svg>
  );
}
