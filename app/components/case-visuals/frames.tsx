/**
 * The pieces every case-study visual is drawn with: a desktop browser window, a phone, a
 * floating results card and a line of mock-UI text. All in one SVG coordinate space, so a
 * visual scales as one picture (crisp from a 320 px card to a 1920 px hero); colours are the
 * theme's tokens through Tailwind's fill-/stroke- utilities; text inherits Manrope.
 */
import type { ReactNode } from "react";

/**
 * The screens as a dark page shows them (/home2): the same drawing, its theme colours re-set
 * for everything inside the element that carries these classes, so the mockups read as sites
 * in dark mode at night instead of cream panels glaring on ink. Every text colour here keeps
 * WCAG AA on both screen tones (#1f252d and #171c23): ink 12.9:1, muted 7.3:1, muted-light
 * 5.1:1, accent-strong 6.1:1, and the screen tone on the accent 4.9:1. What `alwaysInk` fills
 * stays ink: the phone's body (hardware, not screen) and text on the accent (6.5:1 there, where
 * light text would have 2.6:1). Light pages never set these, so they look as before.
 */
export const darkScreens = [
  "[--color-paper:#1f252d]",
  "[--color-paper-dim:#171c23]",
  "[--color-line:#343c47]",
  "[--color-ink:#eeeae1]",
  "[--color-muted:#aab4be]",
  "[--color-muted-light:#8b96a2]",
  "[--color-accent-strong:#ff7e4a]",
  "[--ink-always:#0e1116]",
  // A sold-out item fades to 75% here, not 60%: its label still reads at 5.1:1.
  "[--sold-out:0.75]",
].join(" ");

/** Ink in both palettes (see darkScreens). */
export const alwaysInk = "fill-[var(--ink-always,var(--color-ink))]";

/** The composition's canvas: a browser at the back, a phone and a results card in front. */
export const canvas = { width: 860, height: 540 } as const;

/** Where the frames sit on the canvas. A visual lays its screens out knowing what overlaps. */
export const layout = {
  browser: { x: 60, y: 12, width: 680, height: 440 },
  phone: { x: 660, y: 124, width: 186, height: 400 },
  card: { x: 12, y: 356, width: 256, height: 172 },
} as const;

const barHeight = 34;
/** The browser's page area, in its own coordinates. */
export const page = {
  width: layout.browser.width,
  height: layout.browser.height - barHeight,
} as const;
/** The phone's screen, in its own coordinates. */
const bezel = 7;
export const screen = {
  width: layout.phone.width - 2 * bezel,
  height: layout.phone.height - 2 * bezel,
} as const;

type TextProps = {
  x: number;
  y: number;
  size?: number;
  weight?: 400 | 600 | 700;
  className?: string;
  anchor?: "start" | "middle" | "end";
  spacing?: number;
  children: ReactNode;
};

/** A line of interface text; mock screens use it sparingly, the rest is drawn as bars. */
export function Text({
  x,
  y,
  size = 10,
  weight = 400,
  className = "fill-ink",
  anchor,
  spacing,
  children,
}: TextProps) {
  return (
    <text
      x={x}
      y={y}
      fontSize={size}
      fontWeight={weight === 400 ? undefined : weight}
      textAnchor={anchor}
      letterSpacing={spacing}
      className={className}
    >
      {children}
    </text>
  );
}

/** A rounded bar standing in for a line of body copy. */
export function Bar({
  x,
  y,
  width,
  className = "fill-line",
}: {
  x: number;
  y: number;
  width: number;
  className?: string;
}) {
  return <rect x={x} y={y} width={width} height={5} rx={2.5} className={className} />;
}

/** A soft shadow under the floating pieces; the id is per visual, several share a page. */
export function Shadow({ id }: { id: string }) {
  return (
    <filter id={id} x="-20%" y="-20%" width="140%" height="150%">
      <feDropShadow dx="0" dy="10" stdDeviation="12" floodColor="#0e1116" floodOpacity="0.16" />
    </filter>
  );
}

export function BrowserFrame({
  url,
  shadow,
  children,
}: {
  url: string;
  shadow: string;
  children: ReactNode;
}) {
  const { x, y, width, height } = layout.browser;
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={10}
        className="fill-paper stroke-line"
        filter={`url(#${shadow})`}
      />
      <path
        d={`M${x + 10} ${y}h${width - 20}a10 10 0 0 1 10 10v${barHeight - 10}H${x}V${y + 10}a10 10 0 0 1 10-10Z`}
        className="fill-paper-dim"
      />
      <path d={`M${x} ${y + barHeight}h${width}`} className="stroke-line" />
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={x + 20 + i * 16} cy={y + 17} r={5} className="fill-line" />
      ))}
      <rect x={x + 190} y={y + 8} width={300} height={18} rx={9} className="fill-paper" />
      <Text x={x + 340} y={y + 21} size={10} anchor="middle" className="fill-muted">
        {url}
      </Text>
      <svg aria-hidden="true" x={x} y={y + barHeight} width={page.width} height={page.height}>
        {children}
      </svg>
    </g>
  );
}

export function PhoneFrame({ shadow, children }: { shadow: string; children: ReactNode }) {
  const { x, y, width, height } = layout.phone;
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={30}
        className={`${alwaysInk} stroke-ink-line`}
        strokeWidth={1.5}
        filter={`url(#${shadow})`}
      />
      <svg
        aria-hidden="true"
        x={x + bezel}
        y={y + bezel}
        width={screen.width}
        height={screen.height}
      >
        <rect width={screen.width} height={screen.height} rx={23} className="fill-paper" />
        <Text x={20} y={24} size={10} weight={700}>
          9:41
        </Text>
        <rect
          x={screen.width / 2 - 28}
          y={10}
          width={56}
          height={17}
          rx={8.5}
          className={alwaysInk}
        />
        {children}
        <rect
          x={screen.width / 2 - 32}
          y={screen.height - 12}
          width={64}
          height={4}
          rx={2}
          className="fill-ink"
        />
      </svg>
    </g>
  );
}

/** The floating card that carries one result; its figures are real text, read by the tests. */
export function ResultCard({ shadow, children }: { shadow: string; children: ReactNode }) {
  const { x, y, width, height } = layout.card;
  return (
    <g data-results-chart="">
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={10}
        className="fill-paper stroke-line"
        filter={`url(#${shadow})`}
      />
      <svg aria-hidden="true" x={x} y={y} width={width} height={height}>
        {children}
      </svg>
    </g>
  );
}
