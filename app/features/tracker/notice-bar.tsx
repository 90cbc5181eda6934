import { formatDay } from "../../components/admin/format.ts";
import type { Notice } from "./tracker-state.ts";

/**
 * The page's announcement, where the owner is: fixed at the bottom of the screen (above the
 * bulk bar while there is one), never at the top of a page he has scrolled away from. It says
 * what happened to a lead that left the list (moved, sent to Spam, erased) and offers what
 * to do about it: Undo; Jump to it; after a reply, the follow-up date it suggests. Always in the page, so each one is announced.
 */
export function NoticeBar({
  notice,
  live,
  raised,
  onUndo,
  onJump,
  onAcceptOffer,
  onDismiss,
}: {
  notice: Notice | null;
  /** What the live updates said ("2 new leads arrived."). */
  live: string;
  /** The bulk bar is showing: sit above it. */
  raised: boolean;
  onUndo: (notice: Notice) => void;
  onJump: (notice: Notice) => void;
  onAcceptOffer: (notice: Notice) => void;
  onDismiss: () => void;
}) {
  return (
    <div
      // At a desk, centred under the list, clear of the details pane.
      className={`pointer-events-none fixed inset-x-0 z-30 flex flex-col items-center gap-0.5 px-1 min-[1024px]:pr-[calc(var(--details-width)+1.5rem)] ${
        raised
          ? "bottom-[calc(var(--bulk-bar-height,0px)+16px)]"
          : "bottom-[68px] min-[1024px]:bottom-1"
      }`}
    >
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {live}
      </p>
      <div aria-live="polite" aria-atomic="true" className="w-full max-w-[40rem]">
        {notice ? (
          <div
            className="pointer-events-auto flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-sm bg-ink px-1.5 py-1 text-paper shadow-lg motion-safe:animate-details-in"
            data-notice
          >
            <p className="min-w-0 flex-1 font-semibold">
              {notice.text}
              {notice.offer ? ` Follow up on ${formatDay(notice.offer.date)}?` : ""}
            </p>
            {notice.offer ? (
              <button
                type="button"
                onClick={() => onAcceptOffer(notice)}
                className="inline-flex min-h-[44px] items-center rounded-sm bg-accent px-1 font-bold text-ink hover:bg-paper min-[1024px]:min-h-[32px]"
              >
                Set follow-up
              </button>
            ) : null}
            {notice.undoSpam?.length ? (
              <button
                type="button"
                onClick={() => onUndo(notice)}
                className="inline-flex min-h-[44px] items-center rounded-sm px-1 font-bold text-paper underline underline-offset-4 min-[1024px]:min-h-[32px]"
              >
                Undo
              </button>
            ) : null}
            {notice.jump ? (
              <button
                type="button"
                onClick={() => onJump(notice)}
                className="inline-flex min-h-[44px] items-center rounded-sm px-1 font-bold text-paper underline underline-offset-4 min-[1024px]:min-h-[32px]"
              >
                Jump to it
              </button>
            ) : null}
            <button
              type="button"
              onClick={onDismiss}
              aria-label="Dismiss"
              className="inline-flex min-h-[44px] min-w-[44px] items-center justify-center rounded-sm text-lg font-bold text-paper min-[1024px]:min-h-[32px] min-[1024px]:min-w-[32px]"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
