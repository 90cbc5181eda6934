/**
 * Drawn portraits of the team, until their photographs arrive (ADR 017; docs/site.md, "Pictures
 * drawn in code"). Each is a person of their own: face shape, hair, skin tone and what they
 * wear or are known by differ, so four cards never read as one face repeated. The strokes are
 * the site's ink line (line-art.tsx's manner, non-scaling, so crisp at any size and density);
 * flat fills give skin, hair and clothes their tone, and one accent stroke marks each person.
 * Static, never scroll-drawn: a face that assembles itself stroke by stroke is unsettling.
 */
import type { CSSProperties } from "react";
import type { PersonMeta } from "../../domain/content-schema.ts";

export type PortraitName = "nora" | "theo" | "priya" | "sam";

type Drawing = {
  /** Flat tones: skin, hair and clothes (read by the fill classes below as CSS variables). */
  readonly skin: string;
  readonly hair: string;
  readonly cloth: string;
  /** The clothes' own lines: ink, or paper on dark clothes. */
  readonly seam: string;
  /** Hair behind the head and shoulders (long hair, a bun), filled with the hair tone. */
  readonly hairBack?: readonly string[];
  /** The shoulders, closed along the frame's foot, filled with the clothes' tone. */
  readonly body: string;
  /** Lines on the clothes: a collar, a neckline, a hood. */
  readonly clothes: readonly string[];
  /** Neck, ears and face, filled with the skin tone. */
  readonly skinShapes: readonly string[];
  /** Hair and beard in front of the face, filled with the hair tone. */
  readonly hairFront: readonly string[];
  /** Eyes, brows, nose and mouth: ink strokes only. */
  readonly features: readonly string[];
  /** Freckles and the like: small soft dots. */
  readonly marks?: readonly string[];
  /** What the person is known by, in the accent colour. */
  readonly accent: readonly string[];
};

// All on a 160 × 160 canvas, the face centred on x = 80; the viewBox frames it a little closer.
const portraits: Record<PortraitName, Drawing> = {
  // The founder: an oval face, long fair hair parted to one side, a V-neck, freckles, and
  // the round reading glasses she pushes up into her hair between meetings.
  nora: {
    skin: "#f1d5bf",
    hair: "#d8b77a",
    cloth: "#f7f5f0",
    seam: "#0e1116",
    hairBack: [
      "M55 70c-4-26 6-44 25-44s31 16 28 44c-1 20 5 36 15 48-10 6-24 4-32-4H70c-8 8-22 10-32 4 10-12 18-28 17-48Z",
    ],
    body: "M24 160c3-28 22-42 56-42s53 14 56 42Z",
    clothes: ["M68 119l12 17 12-17"],
    skinShapes: [
      "M71 96v20c4 5 14 5 18 0V96Z",
      "M58 70c0 22 10 36 22 36s22-14 22-36-10-32-22-32-22 10-22 32Z",
    ],
    hairFront: ["M57 68c0-20 10-32 25-32 12 0 20 8 21 24-10-3-19-10-24-19-4 12-11 21-22 27Z"],
    features: ["M67 73c2-2 6-2 8 0M85 73c2-2 6-2 8 0", "M80 77c1 4 1 7-2 9", "M74 94c4 3 8 3 12 0"],
    marks: ["M66 83h.01M69 85h.01M67 87h.01M91 85h.01M94 83h.01M93 87h.01"],
    accent: ["M62 42a6 6 0 1 0 12 0a6 6 0 1 0-12 0M82 40a6 6 0 1 0 12 0a6 6 0 1 0-12 0M74 41h8"],
  },
  // The engineer: a square jaw, short hair swept up at the front, a full beard, a hoodie,
  // and the square glasses he is never seen without.
  theo: {
    skin: "#d6a27a",
    hair: "#6a4630",
    cloth: "#2c333d",
    seam: "#eeeae1",
    body: "M22 160c3-30 24-44 58-44s55 14 58 44Z",
    clothes: ["M62 117c-4 8-2 16 6 20M98 117c4 8 2 16-6 20", "M74 126v14M86 126v14"],
    skinShapes: [
      "M70 96v20c5 5 15 5 20 0V96Z",
      "M57 68c-6-3-9 10-1 13M103 68c6-3 9 10 1 13",
      "M57 60v18c0 18 10 28 23 28s23-10 23-28V60c0-14-10-22-23-22S57 46 57 60Z",
    ],
    hairFront: [
      "M55 64c-3-20 8-32 26-32 10 0 18 4 21 10 3 6 3 14 1 22-4-9-12-13-24-12-10 0-18 4-24 12Z",
      "M57 76c0 20 10 32 23 32s23-12 23-32c-3 8-8 13-13 12-3-3-6-4-10-4s-7 1-10 4c-5 1-10-4-13-12Z",
    ],
    features: ["M66 65h9M85 65h9", "M70 72h.01M90 72h.01", "M80 76v8h-3", "M75 95c3 2 7 2 10 0"],
    accent: ["M63 67h13v10H63ZM84 67h13v10H84ZM76 71h8"],
  },
  // The writer: a heart-shaped face, black hair drawn up into a bun, a round collar, and
  // the drop earrings she wears to every client meeting.
  priya: {
    skin: "#a06a48",
    hair: "#241c18",
    cloth: "#d8d2c4",
    seam: "#0e1116",
    hairBack: ["M70 30a10 9 0 1 0 20 0a10 9 0 1 0-20 0"],
    body: "M24 160c3-28 22-42 56-42s53 14 56 42Z",
    clothes: ["M66 118c5 10 23 10 28 0"],
    skinShapes: [
      "M71 96v20c4 5 14 5 18 0V96Z",
      "M58 70c-5-1-6 9 0 11M102 70c5-1 6 9 0 11",
      "M57 64c0 20 12 40 23 42 11-2 23-22 23-42 0-17-10-28-23-28S57 47 57 64Z",
    ],
    hairFront: ["M56 70c-3-22 8-36 24-36s27 14 24 36c-4-14-12-22-24-24-12 2-20 10-24 24Z"],
    features: [
      "M67 68c3-2 6-2 9-1M84 67c3-1 6 0 9 1",
      "M68 75c2-2 5-2 7 0M85 75c2-2 5-2 7 0",
      "M80 79v7h-3",
      "M74 94c4 3 8 3 12 0",
    ],
    accent: [
      "M57 82v6M103 82v6M55 91a2 2 0 1 0 4 0a2 2 0 1 0-4 0M101 91a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
    ],
  },
  // Hosting and the shops: a broad round face, close-cropped curls, a polo shirt, and the
  // headset for the 2 a.m. alerts.
  sam: {
    skin: "#6b4330",
    hair: "#1b2129",
    cloth: "#56636f",
    seam: "#eeeae1",
    body: "M20 160c3-30 25-44 60-44s57 14 60 44Z",
    clothes: ["M66 116l8 12 6-6 6 6 8-12", "M80 122v16"],
    skinShapes: [
      "M69 96v19c5 5 17 5 22 0V96Z",
      "M55 70c0 22 11 36 25 36s25-14 25-36-11-32-25-32-25 10-25 32Z",
    ],
    hairFront: [
      "M55 66c-3-7 0-13 6-14 0-6 6-10 12-8 3-5 11-6 15-2 5-3 12 0 13 6 5 1 7 8 4 18-6-8-14-12-25-12s-19 4-25 12Z",
    ],
    features: [
      "M66 67c3-1 6-1 9 0M85 67c3-1 6-1 9 0",
      "M70 74h.01M90 74h.01",
      "M78 78c-1 5 0 8 4 8",
      "M71 92c5 6 13 6 18 0",
    ],
    accent: [
      "M50 76c0-38 60-38 60 0",
      "M47 71h7v15h-7ZM106 71h7v15h-7Z",
      "M110 86c0 12-8 18-20 18",
    ],
  },
};

const filled = (className: string) => (d: string) => (
  <path key={d} d={d} strokeWidth={1.5} className={className} />
);

export function Portrait({ name, className = "" }: { name: PortraitName; className?: string }) {
  const p = portraits[name];
  // The tones travel as CSS variables so the fills stay Tailwind utilities (they outrank the
  // `.line-art path { fill: none }` rule, which sits in the components layer).
  const tones = {
    "--skin": p.skin,
    "--hair": p.hair,
    "--cloth": p.cloth,
    "--seam": p.seam,
  } as CSSProperties;
  return (
    <svg
      viewBox="14 20 140 140"
      className={`line-art ${className}`}
      style={tones}
      aria-hidden="true"
      focusable="false"
      data-portrait={name}
    >
      {(p.hairBack ?? []).map(filled("fill-(--hair)"))}
      {filled("fill-(--cloth)")(p.body)}
      {p.clothes.map((d) => (
        <path key={d} d={d} strokeWidth={1.5} className="text-(--seam)" />
      ))}
      {p.skinShapes.map(filled("fill-(--skin)"))}
      {p.hairFront.map(filled("fill-(--hair)"))}
      {p.features.map((d) => (
        <path key={d} d={d} strokeWidth={d.includes("h.01") ? 3 : 1.5} />
      ))}
      {(p.marks ?? []).map((d) => (
        <path key={d} d={d} strokeWidth={2} opacity={0.5} />
      ))}
      {p.accent.map((d) => (
        <path key={d} d={d} strokeWidth={2} className="text-accent" />
      ))}
    </svg>
  );
}

const isPortraitName = (name: string | undefined): name is PortraitName =>
  name !== undefined && Object.hasOwn(portraits, name);

/**
 * A person's picture: their drawn portrait when the entry names one, else their initials on
 * a tile (a person added in the studio, until their drawing or photograph arrives).
 */
export function PersonPortrait({
  person,
  className,
  initialsClassName,
}: {
  person: Pick<PersonMeta, "name" | "portrait">;
  className?: string;
  initialsClassName?: string;
}) {
  if (isPortraitName(person.portrait))
    return <Portrait name={person.portrait} className={className} />;
  const initials = person.name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .slice(0, 2)
    .join("");
  return (
    <span aria-hidden="true" className={initialsClassName}>
      {initials}
    </span>
  );
}
