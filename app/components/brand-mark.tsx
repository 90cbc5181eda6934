/** The Fineline mark: one continuous line, an "F" resting on a horizon. */
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
