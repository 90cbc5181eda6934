import type { ReactNode } from "react";

/**
 * The admin's one page frame: the workspace header's own width and padding, so every screen's
 * content, and its title, start on the brand's left edge (docs/development.md, "The admin's
 * page header"). A screen that wants a narrower measure narrows its content inside, left
 * aligned; it never centres a column of its own.
 */
export const adminPageClass = "mx-auto w-full max-w-[1920px] px-2 md:px-3";

/** A section's or a card's title inside an admin screen: a step below the page's title. */
export const adminSectionTitleClass = "text-lg font-bold tracking-tight";

export function AdminPage({
  className = "",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return <div className={`${adminPageClass} ${className}`}>{children}</div>;
}

/**
 * The one page header of the admin: a tool-sized title (24 px, as Linear's and Attio's are)
 * with an optional count beside it, what the screen is for in a line of small text, and the
 * screen's own actions at the right (under the title on a phone).
 */
export function AdminPageHeader({
  title,
  count,
  status,
  description,
  actions,
  id,
  focusable = false,
}: {
  title: string;
  /** A number said with the title ("Spam 3"), quieter than it. */
  count?: ReactNode;
  /** A short live word beside the title ("Searching…"). */
  status?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
  /** Focus may be sent to the title (after the last item of a list goes). */
  focusable?: boolean;
}) {
  return (
    <header className="pt-2 pb-2 md:pt-3">
      {/* Space between, not an auto margin: actions that wrap under the title start on its edge. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2">
          <h1
            id={id}
            tabIndex={focusable ? -1 : undefined}
            className="min-w-0 text-2xl font-bold tracking-tight outline-none"
          >
            {title}
            {count === undefined ? null : (
              <>
                {" "}
                <span className="text-base font-semibold text-muted tabular-nums">{count}</span>
              </>
            )}
          </h1>
          {status}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
      </div>
      {description ? (
        <div className="mt-0.5 max-w-3xl text-sm text-muted">{description}</div>
      ) : null}
    </header>
  );
}
