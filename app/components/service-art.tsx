import { aspectOf } from "./line-art.tsx";

/**
 * A small drawing per service for the services strip on "/", in the line-art manner of
 * line-art.tsx (same canvas as its process drawings, 1.5 px ink strokes, 2 px accent strokes,
 * pathLength 1 so the .line-art rules draw them in as they scroll into view). Decorative: the
 * service's name and summary sit right beside it.
 */
const drawings: Readonly<
  Record<string, { strokes: readonly string[]; accent: readonly string[] }>
> = {
  // A browser window with a headline and a call to action.
  "custom-websites": {
    strokes: [
      "M44 28h152a8 8 0 0 1 8 8v88a8 8 0 0 1-8 8H44a8 8 0 0 1-8-8V36a8 8 0 0 1 8-8Z",
      "M36 50h168",
      "M50 39h.01M62 39h.01M74 39h.01",
      "M56 74h96M56 90h64",
      "M20 140h200",
    ],
    accent: ["M56 110h40"],
  },
  // A magnifier over a page of results, the first one lifted.
  seo: {
    strokes: ["M40 44h84M40 64h64M40 84h76M40 104h52", "M20 140h200", "M182 112l22 22"],
    accent: ["M130 88a30 30 0 1 0 60 0a30 30 0 1 0-60 0", "M146 88h28"],
  },
  // A shopping bag with a price tag.
  "e-commerce": {
    strokes: ["M72 60h96l10 72H62Z", "M98 60v-8a22 22 0 0 1 44 0v8", "M20 140h200"],
    accent: ["M158 30l24 0 10 12-24 24-18-18Z", "M176 40h.01"],
  },
  // Two servers and the steady pulse of an uptime check.
  hosting: {
    strokes: [
      "M64 36h112v32H64ZM64 76h112v32H64Z",
      "M80 52h.01M80 92h.01M140 52h20M140 92h20",
      "M120 108v22M20 140h200",
    ],
    accent: ["M36 130h56l8-14 10 26 8-12h66"],
  },
  // An app screen: a sidebar and a chart that keeps climbing.
  "custom-saas": {
    strokes: ["M36 28h168v104H36Z", "M76 28v104", "M48 46h16M48 62h16M48 78h16", "M20 140h200"],
    accent: ["M96 112l24-20 20 10 24-28 24-14"],
  },
  // A phone with cards and a tap.
  "app-design": {
    strokes: [
      "M94 18h52a8 8 0 0 1 8 8v108a8 8 0 0 1-8 8H94a8 8 0 0 1-8-8V26a8 8 0 0 1 8-8Z",
      "M100 40h40v26h-40ZM100 76h40M100 88h28",
      "M20 140h200",
    ],
    accent: ["M168 96a12 12 0 1 0 24 0a12 12 0 1 0-24 0", "M150 110l14-8"],
  },
  // A report on a clipboard, ticked item by item.
  "software-audits": {
    strokes: [
      "M72 28h96v112H72Z",
      "M100 22h40v14h-40Z",
      "M112 62h40M112 86h40M112 110h28",
      "M20 140h200",
    ],
    accent: ["M86 62l5 5 9-10M86 86l5 5 9-10"],
  },
  // Monthly costs stepping down.
  "cost-optimization": {
    strokes: [
      "M44 132V44M44 132h152",
      "M60 58h18v74H60ZM94 76h18v56H94ZM128 96h18v36h-18Z",
      "M20 140h200",
    ],
    accent: ["M162 112h18v20h-18Z", "M62 36c40 10 80 40 118 60", "M180 96l-4-12M180 96l-12 2"],
  },
  // A conversation: two speech bubbles.
  consulting: {
    strokes: [
      "M40 40h96a10 10 0 0 1 10 10v36a10 10 0 0 1-10 10H74l-18 16v-16H40a10 10 0 0 1-10-10V50a10 10 0 0 1 10-10Z",
      "M20 140h200",
    ],
    accent: [
      "M122 80h76a10 10 0 0 1 10 10v26a10 10 0 0 1-10 10h-10v14l-16-14h-50a10 10 0 0 1-10-10V90a10 10 0 0 1 10-10Z",
      "M62 68h.01M88 68h.01M114 68h.01",
    ],
  },
};

/** Every service drawing shares the process drawings' canvas. */
const viewBox = "0 0 240 160";

export function ServiceArt({ slug, className = "" }: { slug: string; className?: string }) {
  const drawing = drawings[slug];
  if (!drawing) return null;
  return (
    <svg
      viewBox={viewBox}
      className={`line-art ${aspectOf(viewBox)} ${className}`}
      aria-hidden="true"
      focusable="false"
      data-drawing={slug}
    >
      {drawing.strokes.map((d) => (
        <path key={d} d={d} pathLength={1} strokeWidth={1.5} />
      ))}
      {drawing.accent.map((d) => (
        <path key={d} d={d} pathLength={1} strokeWidth={2} className="text-accent" />
      ))}
    </svg>
  );
}
