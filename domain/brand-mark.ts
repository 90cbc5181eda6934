/**
 * The Fineline mark as data: one line, an "F" resting on a horizon, and the accent dot where the
 * F's middle stroke points. The header (app/components/brand-mark.tsx), the favicon, the touch
 * icon and every share image (scripts/brand-assets.ts) are drawn from this one description.
 */
export const brandMark = Object.freeze({
  viewBox: "0 0 32 32",
  /** The horizon, then the F's stem and top bar, then its middle bar. */
  path: "M3 27h26M10 27V6.5h13M10 16h9",
  strokeWidth: 2.4,
  dot: Object.freeze({ cx: 24.5, cy: 16, r: 2 }),
});

/**
 * The brand colours, the same values as the theme tokens in app/app.css (--color-ink,
 * --color-paper, --color-accent); a unit test keeps the two in step.
 */
export const brandColors = Object.freeze({
  ink: "#0e1116",
  paper: "#f7f5f0",
  accent: "#ff5a1f",
});

/**
 * The mark as SVG elements (no <svg> wrapper), for files written outside React. `ink` colours
 * the line; the dot is always the accent. Tiny sizes (the 16 px favicon) may draw the same
 * line heavier and the dot larger, as type does at caption sizes.
 */
export function brandMarkElements(
  ink: string,
  optical: { strokeWidth?: number; dotRadius?: number } = {},
): string {
  const { path, dot } = brandMark;
  const strokeWidth = optical.strokeWidth ?? brandMark.strokeWidth;
  const r = optical.dotRadius ?? dot.r;
  return (
    `<path d="${path}" fill="none" stroke="${ink}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${dot.cx}" cy="${dot.cy}" r="${r}" fill="${brandColors.accent}"/>`
  );
}
