/**
 * Illustrated portraits of the team in the brand's line-drawing manner (line-art.tsx): a few
 * ink strokes for face, hair and shoulders, one accent stroke for what each person is known
 * by. Drawn, not photographed: the site's pictures are its own line work (ADR 017), and a
 * drawing never goes stale the way a photo does. Static (no scroll drawing): a face that
 * assembles itself stroke by stroke reads as unsettling, not delightful.
 */
import type { TeamMember } from "../content/team.ts";

export type PortraitName = TeamMember["portrait"];

/** Shared by every portrait: shoulders, neck and the face's outline on a 160 × 160 canvas (framed a little closer). */
const base = [
  "M22 160c3-30 24-44 58-44s55 14 58 44",
  "M70 100v14M90 100v14",
  "M57 70c0 20 10 36 23 36s23-16 23-36-10-34-23-34-23 14-23 34Z",
];

const portraits: Record<PortraitName, { strokes: readonly string[]; accent: readonly string[] }> = {
  // Long hair with a side part; founder's round reading glasses pushed up into the hair.
  nora: {
    strokes: [
      "M57 66c-4-22 8-40 26-40 16 0 26 12 24 34 0 26 6 44 16 56",
      "M57 66c0 24-6 42-16 52",
      "M66 40c6 10 18 16 34 16",
      "M70 74h5M85 74h5",
      "M80 78v9h-3",
      "M74 94c4 3 8 3 12 0",
    ],
    accent: ["M64 40a6 6 0 1 0 12 0a6 6 0 1 0-12 0M82 38a6 6 0 1 0 12 0a6 6 0 1 0-12 0M76 39h6"],
  },
  // Short hair, square glasses and a beard: the engineer.
  theo: {
    strokes: [
      "M56 64c-2-20 10-32 24-32 16 0 26 12 24 32-6-10-16-14-28-12-8 2-14 6-20 12",
      "M58 82c2 16 12 26 22 26s20-10 22-26",
      "M80 80v6h-3",
      "M74 95h12",
    ],
    accent: ["M63 68h13v10H63ZM84 68h13v10H84ZM76 72h8"],
  },
  // Hair up in a bun, drop earrings: the writer.
  priya: {
    strokes: [
      "M72 30a8 8 0 1 0 16 0a8 8 0 1 0-16 0",
      "M57 68c0-18 10-30 23-30s23 12 23 30c-8-6-16-14-20-24-6 12-16 20-26 24",
      "M70 76h5M85 76h5",
      "M80 80v8h-3",
      "M74 95c4 3 8 3 12 0",
    ],
    accent: ["M57 82v8M103 82v8M57 93h.01M103 93h.01"],
  },
  // Close-cropped curls and the headset for the 2 a.m. alerts.
  sam: {
    strokes: [
      "M58 58c-2-8 4-14 10-13 2-8 12-10 17-5 6-5 16-1 16 7 6 2 8 8 4 14",
      "M70 74h5M85 74h5",
      "M80 78v9h-3",
      "M73 94c5 4 9 4 14 0",
    ],
    accent: [
      "M52 76c0-34 56-34 56 0",
      "M49 72h6v14h-6ZM105 72h6v14h-6Z",
      "M108 86c0 12-8 18-20 18",
    ],
  },
};

export function Portrait({ name, className = "" }: { name: PortraitName; className?: string }) {
  const { strokes, accent } = portraits[name];
  return (
    <svg
      viewBox="14 20 140 140"
      className={`line-art ${className}`}
      aria-hidden="true"
      focusable="false"
      data-portrait={name}
    >
      {[...base, ...strokes].map((d) => (
        <path key={d} d={d} strokeWidth={1.5} />
      ))}
      {accent.map((d) => (
        <path key={d} d={d} strokeWidth={2} className="text-accent" />
      ))}
    </svg>
  );
}
