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

/**
 * The favicon: the ink mark on a paper tile with the accent dot. The line is drawn heavier and
 * the dot larger than in the header: at 16 px one unit of the 32-unit box is half a pixel, and
 * the header's 2.4 would be a grey 1.2 px smear. In a dark browser theme the
 * tile turns ink and the line paper, so the icon never sits as a bright square in a dark tab.
 */
export function faviconSvg(): string {
  const { viewBox } = brandMark;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">` +
    `<style>.t{fill:${brandColors.paper}}.m{stroke:${brandColors.ink}}` +
    `@media (prefers-color-scheme:dark){.t{fill:${brandColors.ink}}.m{stroke:${brandColors.paper}}}</style>` +
    `<rect class="t" width="32" height="32" rx="7"/>` +
    brandMarkElements(brandColors.ink, { strokeWidth: 3.2, dotRadius: 2.4 }).replace(
      "<path ",
      '<path class="m" ',
    ) +
    "</svg>"
  );
}

/**
 * The favicon as a `data:` URL for the pages' <link rel="icon">. Inline, it costs each page
 * about 250 compressed bytes and saves a request that, on a slow phone, would share the first
 * round trips with the font and hold the first paint back by one (docs/decisions/019).
 * Percent-encoded is every character that is not a URL code point (spaces, quotes, angle
 * brackets, braces: the Nu HTML checker refuses them raw), `#` and `%`, which a URL reserves,
 * and `&`, which HTML would write as an entity inside an attribute.
 */
export function faviconDataUrl(): string {
  const escaped = faviconSvg().replace(/[^A-Za-z0-9!$()*+,\-./:;=?@_~]/g, (c) =>
    encodeURIComponent(c) === c
      ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
      : encodeURIComponent(c),
  );
  return `data:image/svg+xml,${escaped}`;
}
