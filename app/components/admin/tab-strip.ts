/**
 * Where a sideways-scrolling strip of tabs must scroll so that one tab shows whole, clear of
 * the fades at its edges (docs/development.md, "The admin's page header"): it moves only as
 * far as it must, so a tap on a tab already in view moves nothing, and never past either end.
 */
export function scrollLeftToShow(
  tab: { left: number; width: number },
  strip: { scrollLeft: number; width: number; scrollWidth: number },
  fade: number,
): number {
  let next = strip.scrollLeft;
  // Whole pixels, rounded away from the tab: a scroll offset is one, a tab's width rarely is.
  if (tab.left + tab.width + fade > next + strip.width)
    next = Math.ceil(tab.left + tab.width + fade - strip.width);
  if (tab.left - fade < next) next = Math.floor(tab.left - fade);
  return Math.min(Math.max(0, next), Math.max(0, strip.scrollWidth - strip.width));
}
