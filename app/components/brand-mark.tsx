import { brandMark } from "../../domain/brand-mark.ts";

/**
 * The brand as a link home, in the bar and the open menu: never wraps, and a size smaller on
 * the narrowest phones (320 px) so the name and the Menu button share one line.
 */
export const brandLinkClass =
  "flex shrink-0 items-center gap-1 whitespace-nowrap text-base font-bold tracking-tight min-[360px]:gap-1.5 min-[360px]:text-lg";

/**
 * The Fineline mark (domain/brand-mark.ts): one continuous line, an "F" resting on a horizon.
 * The line takes the text colour; the dot is the accent.
 */
export function BrandMark({ className = "size-4" }: { className?: string }) {
  const { viewBox, path, strokeWidth, dot } = brandMark;
  return (
    <svg viewBox={viewBox} className={className} aria-hidden="true" focusable="false">
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={String(strokeWidth)}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx={dot.cx} cy={dot.cy} r={dot.r} fill="var(--color-accent)" />
    </svg>
  );
}
