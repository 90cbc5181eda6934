import type { LeadMessage, ListKey } from "../lead/lead-view.ts";

/** What the last save said, in the view that made it. */
export function SaveMessage({
  message,
  listKey,
  compact = false,
}: {
  message: LeadMessage | undefined;
  listKey: ListKey;
  /** Takes no room until it says something (a row); otherwise a line is kept for it. */
  compact?: boolean;
}) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className={`text-sm font-semibold ${compact ? "" : "min-h-3"}`}
    >
      {message && (message.where ?? listKey) === listKey ? (
        <p className={message.kind === "success" ? "text-success" : "text-error"}>{message.text}</p>
      ) : null}
    </div>
  );
}
