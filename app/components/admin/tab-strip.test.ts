import { describe, expect, it } from "vitest";
import { scrollLeftToShow } from "./tab-strip.ts";

// A 358 px strip of 700 px of tabs, with 32 px fades.
const strip = (scrollLeft: number) => ({ scrollLeft, width: 358, scrollWidth: 700 });

describe("scrollLeftToShow", () => {
  it("leaves a tab that already shows clear of the fades where it is", () => {
    expect(scrollLeftToShow({ left: 100, width: 80 }, strip(0), 32)).toBe(0);
    expect(scrollLeftToShow({ left: 300, width: 80 }, strip(100), 32)).toBe(100);
  });

  it("scrolls a tab cut at the right edge until it clears the fade", () => {
    // 560 + 80 + 32 - 358 = 314: the tab ends a fade's width before the strip's edge.
    expect(scrollLeftToShow({ left: 560, width: 80 }, strip(0), 32)).toBe(314);
  });

  it("rounds away from the tab, so a tab of a fractional width is never a hair under a fade", () => {
    expect(scrollLeftToShow({ left: 560.4, width: 80.2 }, strip(0), 32)).toBe(315);
    expect(scrollLeftToShow({ left: 200.6, width: 80 }, strip(300), 32)).toBe(168);
  });

  it("scrolls back to a tab cut at the left edge", () => {
    expect(scrollLeftToShow({ left: 200, width: 80 }, strip(300), 32)).toBe(168);
  });

  it("never scrolls past either end, so the first and last tabs sit at the edges", () => {
    expect(scrollLeftToShow({ left: 4, width: 80 }, strip(200), 32)).toBe(0);
    expect(scrollLeftToShow({ left: 616, width: 80 }, strip(0), 32)).toBe(342);
  });

  it("does not scroll a strip that fits", () => {
    expect(
      scrollLeftToShow(
        { left: 600, width: 80 },
        { scrollLeft: 0, width: 1200, scrollWidth: 1200 },
        32,
      ),
    ).toBe(0);
  });
});
