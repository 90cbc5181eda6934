/** The Fineline mark: one continuous line, an "F" resting on a horizon. */
/**
 * The brand as a link home, in the bar and the open menu: never wraps, and a size smaller on
 * the narrowest phones (320 px) so the name and the Menu button share one line.
 */
export const brandLinkClass =
  "flex shrink-0 items-center gap-1 whitespace-nowrap text-base font-bold tracking-tight min-[360px]:gap-1.5 min-[360px]:text-lg";

export function BrandMark({ className = "size-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <path
        d="M3 27h26M10 27V6.5h13M10 16h9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="16" r="2" fill="var(--color-accent)" />
    </svg>
  );
}
