/**
 * Thin line drawings, the brand motif. Every stroke has pathLength="1" so CSS can draw
 * it as the figure crosses the viewport (see .line-art in app.css: a scroll-driven
 * animation, no JavaScript). Without support, or with reduced motion, they are static.
 */
import type { CSSProperties } from "react";

type Drawing = "horizon" | "discover" | "plan" | "build" | "launch";

const drawings: Record<
  Drawing,
  { viewBox: string; strokes: readonly string[]; accent?: readonly string[] }
> = {
  horizon: {
    viewBox: "0 0 640 360",
    strokes: [
      // browser frame
      "M96 60h448a12 12 0 0 1 12 12v216a12 12 0 0 1-12 12H96a12 12 0 0 1-12-12V72a12 12 0 0 1 12-12Z",
      "M84 96h472",
      "M110 78h.01M128 78h.01M146 78h.01",
      // headline bars and a paragraph
      "M120 138h220M120 166h170M120 204h130M120 222h150M120 240h110",
      // call-to-action
      "M120 262h84",
      // chart in the window
      "M380 262V150M380 262h140",
      // horizon under everything
      "M20 330h600",
    ],
    accent: [
      "M384 240c28-6 40-38 66-46s38 10 66-58",
      "M516 136m-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0",
    ],
  },
  discover: {
    viewBox: "0 0 240 160",
    strokes: [
      "M30 130c30-40 60-10 90-50s50-30 90-40",
      "M20 140h200",
      "M96 36a30 30 0 1 0 60 0a30 30 0 1 0-60 0",
    ],
    accent: ["M148 58l30 30"],
  },
  plan: {
    viewBox: "0 0 240 160",
    strokes: ["M40 30h160v100H40Z", "M40 62h160M96 30v100M150 62v68", "M20 140h200"],
    accent: ["M58 44h24M110 80h26M110 96h20"],
  },
  build: {
    viewBox: "0 0 240 160",
    strokes: ["M86 46 50 80l36 34", "M154 46l36 34-36 34", "M20 140h200"],
    accent: ["M132 34 108 126"],
  },
  launch: {
    viewBox: "0 0 240 160",
    strokes: ["M20 140h200", "M60 120c40-10 70-40 96-86", "M156 34l-22 4M156 34l4 22"],
    accent: ["M184 40a8 8 0 1 0 16 0a8 8 0 1 0-16 0"],
  },
};

/**
 * The box keeps its drawing's shape while the drawing is skipped (app.css, content-visibility),
 * so each viewBox needs its aspect ratio as a literal class Tailwind can see. A drawing with a
 * new shape fails the build here rather than collapsing to nothing below the fold.
 */
const aspects: Record<string, string> = {
  "0 0 640 360": "aspect-[640/360]",
  "0 0 240 160": "aspect-[240/160]",
};
export function aspectOf(viewBox: string): string {
  const aspect = aspects[viewBox];
  if (!aspect) throw new Error(`line-art.tsx: no aspect-ratio class for viewBox "${viewBox}"`);
  return aspect;
}

/**
 * `intro`: the drawing draws itself once as the page opens, stroke after stroke, instead of
 * following the scroll. For a hero: it is already in view at the top of the page, where a
 * scroll-driven drawing would rest half-drawn until the visitor scrolls it away.
 */
export function LineArt({
  drawing,
  className = "",
  label,
  intro = false,
}: {
  drawing: Drawing;
  className?: string;
  label?: string;
  intro?: boolean;
}) {
  const { viewBox, strokes, accent = [] } = drawings[drawing];
  const order = (index: number) => (intro ? ({ "--stroke": index } as CSSProperties) : undefined);
  return (
    <svg
      viewBox={viewBox}
      className={`line-art ${aspectOf(viewBox)} ${className}`}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-drawing={drawing}
      data-draw={intro ? "intro" : "scroll"}
    >
      {strokes.map((d, index) => (
        <path key={d} d={d} pathLength={1} strokeWidth={1.5} style={order(index)} />
      ))}
      {accent.map((d, index) => (
        <path
          key={d}
          d={d}
          pathLength={1}
          strokeWidth={2}
          className="text-accent"
          style={order(strokes.length + index)}
        />
      ))}
    </svg>
  );
}
