import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { scrollLeftToShow } from "./tab-strip.ts";

/** How wide a strip's fade is: the part of a tab it covers is never where the current one sits. */
export const stripFadeWidth = 32;

/**
 * A sideways-scrolling strip of tabs on a phone (docs/development.md, "The admin's page
 * header"): brings the current tab (`aria-current`) whole into view, clear of the fades, before
 * the first paint and whenever `current` changes, and says which edges hide a tab, for the
 * fades that show there is more that way.
 */
export function useTabStrip<Strip extends HTMLElement>(current: unknown) {
  const ref = useRef<Strip>(null);
  const [clipped, setClipped] = useState({ start: false, end: false });

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setClipped((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with `current`.
  useLayoutEffect(() => {
    const element = ref.current;
    const tab = element?.querySelector<HTMLElement>("[aria-current]");
    if (element && tab) {
      // Measured as laid out (fractions of a pixel kept), in the strip's scrolled content.
      const box = tab.getBoundingClientRect();
      const left = box.left - element.getBoundingClientRect().left + element.scrollLeft;
      element.scrollLeft = scrollLeftToShow(
        { left, width: box.width },
        {
          scrollLeft: element.scrollLeft,
          width: element.clientWidth,
          scrollWidth: element.scrollWidth,
        },
        stripFadeWidth,
      );
    }
    onScroll();
  }, [current, onScroll]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(onScroll);
    observer.observe(element);
    return () => observer.disconnect();
  }, [onScroll]);

  return { ref, onScroll, clipped };
}

/** The fade at an edge of a strip (its parent is `relative`), in the page's paper colour. */
export const stripFadeClass = (edge: "start" | "end") =>
  `pointer-events-none absolute inset-y-0 z-10 w-4 from-paper to-transparent ${
    edge === "start" ? "left-0 bg-linear-to-r" : "right-0 bg-linear-to-l"
  }`;
