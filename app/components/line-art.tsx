/**
 * Thin line drawings, the brand motif. Every stroke has pathLength="1" so CSS can draw
 * it as the figure crosses the viewport (see .line-art in app.css: a scroll-driven
 * animation, no JavaScript). Without support, or with reduced motion, they are static.
 */
import type { CSSProperties } from "react";

type Drawing = "horizon" | "night" | "local" | "discover" | "plan" | "build" | "launch";

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
  // /home2's opening: a shop closed for the night while orders arrive on a phone, under a moon.
  night: {
    viewBox: "0 0 640 360",
    strokes: [
      // the shop: walls, awning, door with its "closed" sign
      "M64 330V196h136v134",
      "M52 196l18-32h124l18 32Z",
      "M112 330v-74h40v74",
      "M118 282h28",
      // the phone, its speaker, an order coming in
      "M272 62h112a16 16 0 0 1 16 16v212a16 16 0 0 1-16 16H272a16 16 0 0 1-16-16V78a16 16 0 0 1 16-16Z",
      "M312 80h32",
      "M280 124h96M280 148h64M280 182h96M280 206h52",
      // stars
      "M488 92v12M482 98h12M596 176v10M591 181h10M452 48v8M448 52h8",
      // horizon under everything
      "M20 330h600",
    ],
    accent: [
      // the moon
      "M556 64a44 44 0 1 0 34 70a36 36 0 1 1-34-70Z",
      // the order, confirmed
      "M328 256m-18 0a18 18 0 1 0 36 0a18 18 0 1 0-36 0",
      "M319 256l6 6 12-13",
      // its signal, reaching the shop
      "M236 150a40 40 0 0 0 0 56M218 134a64 64 0 0 0 0 88",
    ],
  },
  // /home3's opening: the business found on a map nearby, beside its listing and a call button.
  local: {
    viewBox: "0 0 640 360",
    strokes: [
      // a folded map and its folds
      "M80 96l120-32 120 32 120-32v208l-120 32-120-32-120 32Z",
      "M200 64v208M320 96v208",
      // roads
      "M96 212c56-24 104 28 164 8s112-64 172-36",
      "M168 82l52 206",
      // the listing: name, stars, lines, and its call button
      "M480 150h120M480 174h88M480 196h104",
      "M492 246h96a14 14 0 0 1 0 28h-96a14 14 0 0 1 0-28Z",
      // horizon under everything
      "M20 330h600",
    ],
    accent: [
      // the pin where the business is
      "M292 190c-22-30-34-46-34-62a34 34 0 0 1 68 0c0 16-12 32-34 62Z",
      "M292 128m-11 0a11 11 0 1 0 22 0a11 11 0 1 0-22 0",
      // five stars
      "M490 112l3.5 7 7.5 1-5.5 5 1.5 7.5-6.5-3.5-6.5 3.5 1.5-7.5-5.5-5 7.5-1ZM512 112l3.5 7 7.5 1-5.5 5 1.5 7.5-6.5-3.5-6.5 3.5 1.5-7.5-5.5-5 7.5-1ZM534 112l3.5 7 7.5 1-5.5 5 1.5 7.5-6.5-3.5-6.5 3.5 1.5-7.5-5.5-5 7.5-1ZM556 112l3.5 7 7.5 1-5.5 5 1.5 7.5-6.5-3.5-6.5 3.5 1.5-7.5-5.5-5 7.5-1ZM578 112l3.5 7 7.5 1-5.5 5 1.5 7.5-6.5-3.5-6.5 3.5 1.5-7.5-5.5-5 7.5-1Z",
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
      // The drawing's own width, which its dashes are scaled by (app.css, .line-art).
      style={{ "--line-art-width": `${viewBox.split(" ")[2]}px` } as CSSProperties}
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
