import { useEffect, useRef } from "react";
import { formatDay } from "../../components/admin/format.ts";
import type { Notice } from "./tracker-state.ts";

/** Room kept between the notice and what it must not cover, and the sticky header's height. */
const clearance = 8;
const headerRoom = 112;

/**
 * While a notice shows on a phone, where it spans the screen, the lead being worked stays clear
 * of it (WCAG 2.2's 2.4.11, focus not obscured; docs/tracker.md, "Saving"): the page keeps the notice's height as scroll padding
 * at the bottom (so the tracker's own scrolling, and the browser's on Tab, stop above it) and
 * as room under the last lead (--notice-space), and the focused lead, if the notice covers
 * it, is scrolled up just enough. Nothing moves when nothing is covered.
 */
function useKeepClear(notice: Notice | null) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!notice || !element) return;
    const root = document.documentElement;
    const wide = window.matchMedia("(min-width: 1024px)");
    const keepClear = () => {
      const top = element.getBoundingClientRect().top;
      const space = Math.max(0, window.innerHeight - top) + clearance;
      root.style.setProperty("--notice-space", `${space}px`);
      // At a desk the notice is a narrow band under the middle of the list, over no control
      // for long; the page's scrolling is left as it is there.
      if (wide.matches) {
        root.style.scrollPaddingBottom = "";
        return;
      }
      root.style.scrollPaddingBottom = `${space}px`;
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return;
      const lead = focused.closest<HTMLElement>("[data-lead-id]");
      // The whole lead when it fits between the header and the notice, else its control.
      const target =
        lead && lead.getBoundingClientRect().height <= top - clearance - headerRoom
          ? lead
          : focused;
      const rect = target.getBoundingClientRect();
      const covered = rect.bottom - (top - clearance);
      if (covered > 0 && rect.top < top) window.scrollBy({ top: covered, behavior: "instant" });
    };
    keepClear();
    const observer = new ResizeObserver(keepClear);
    observer.observe(element);
    document.addEventListener("focusin", keepClear);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", keepClear);
      root.style.removeProperty("--notice-space");
      root.style.scrollPaddingBottom = "";
    };
  }, [notice]);
  return box;
}

/**
 * The page's announcement, where the owner is: fixed at the bottom of the screen (above the
 * bulk bar while there is one), never at the top of a page he has scrolled away from. It says
 * what happened to a lead that left the list (moved, sent to Spam, erased) and offers what
 * to do about it: Undo; Jump to it; after a reply, the follow-up date it suggests. Always in the page, so each one is announced.
 * On a phone it is two short rows (what happened, then its actions), never a tall column of
 * wrapped words, and it keeps the lead being worked in view (useKeepClear).
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
  const box = useKeepClear(notice);
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
            ref={box}
            className="pointer-events-auto grid grid-cols-[1fr_auto] items-center gap-x-1 rounded-sm bg-ink py-0.5 pr-0.5 pl-1.5 text-paper shadow-lg motion-safe:animate-details-in min-[1024px]:flex min-[1024px]:py-1"
            data-notice
          >
            <p className="min-w-0 py-0.5 text-sm font-semibold min-[1024px]:flex-1 min-[1024px]:text-base">
              {notice.text}
              {notice.offer ? ` Follow up on ${formatDay(notice.offer.date)}?` : ""}
            </p>
            <button
              type="button"
              onClick={onDismiss}
              aria-label="Dismiss"
              className="col-start-2 row-start-1 inline-flex min-h-[44px] min-w-[44px] items-center justify-center rounded-sm text-lg font-bold text-paper min-[1024px]:order-last min-[1024px]:min-h-[32px] min-[1024px]:min-w-[32px]"
            >
              <span aria-hidden="true">×</span>
            </button>
            {notice.offer || notice.undoSpam?.length || notice.jump ? (
              <div className="col-span-2 flex flex-wrap items-center gap-x-1.5 pb-0.5 min-[1024px]:contents">
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
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
