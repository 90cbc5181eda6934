/** Page width and gutters shared by every section. */
export function Container({
  className = "",
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`mx-auto w-full max-w-[1440px] px-3 md:px-5 ${className}`}>{children}</div>
  );
}

export function Eyebrow({
  children,
  className = "",
}: {
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p className={`text-sm font-bold tracking-[0.14em] text-accent-strong uppercase ${className}`}>
      {children}
    </p>
  );
}

/** The opening of an inner page: eyebrow, one h1, an optional lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="border-b border-line pt-16 pb-6 md:pt-20 md:pb-8">
      <Container>
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 className="mt-2 max-w-5xl text-display font-bold">{title}</h1>
        {lead ? <p className="mt-3 max-w-2xl text-lg text-muted md:text-xl">{lead}</p> : null}
        {children}
      </Container>
    </header>
  );
}

type ButtonProps = {
  to: string;
  children: React.ReactNode;
  variant?: "primary" | "secondary" | "accent";
};

const buttonStyles = {
  primary: "bg-ink text-paper hover:bg-accent hover:text-ink",
  accent: "bg-accent text-ink hover:bg-paper",
  secondary: "border border-current/25 hover:border-current",
  /** Irreversible actions (erasing a lead): only ever inside a confirmation. */
  danger: "bg-error-strong text-paper hover:bg-ink",
} as const;

// sm is 44 px tall below 1024 px, where it is under a thumb (WCAG 2.5.5), 40 px at a desk.
const buttonSizes = { md: "h-6 px-3", sm: "h-[44px] px-2 min-[1024px]:h-5" } as const;

/** The one button look, for links and buttons alike: md for calls to action, sm inside tools. */
export function buttonClass(
  variant: keyof typeof buttonStyles = "primary",
  size: keyof typeof buttonSizes = "md",
): string {
  return `inline-flex shrink-0 items-center justify-center gap-1 rounded-sm font-bold transition-colors duration-200 aria-disabled:cursor-progress aria-disabled:opacity-70 disabled:cursor-progress disabled:opacity-70 ${buttonSizes[size]} ${buttonStyles[variant]}`;
}

/**
 * Two or three calls to action side by side; stacked on a phone, each the full width, so the
 * stack reads as one column of equal buttons rather than a ragged wrap.
 */
export function ButtonRow({
  children,
  className = "",
}: {
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={`grid gap-1.5 sm:flex sm:flex-wrap sm:gap-2 ${className}`}>{children}</div>
  );
}

/** A plain link: public pages are separate documents, so every visit to one is a page load. */
export function ButtonLink({ to, children, variant = "primary" }: ButtonProps) {
  return (
    <a href={to} className={buttonClass(variant)}>
      {children}
    </a>
  );
}

export function Arrow({ className = "size-2" }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" className={className} aria-hidden="true">
      <path
        d="M3 8h10M8.5 3.5 13 8l-4.5 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
/** "2026-03-14" → "March 14, 2026" (UTC so build and browser agree). */
export function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
