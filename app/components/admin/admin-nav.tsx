import { NavLink, useLocation } from "react-router";
import { sectionsFor, type TeamRole } from "../../../domain/roles.ts";
import { stripFadeClass, useTabStrip } from "./use-tab-strip.ts";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-[44px] shrink-0 items-center min-[1024px]:h-5 rounded-sm px-1.5 font-semibold transition-colors motion-reduce:transition-none ${
    isActive ? "bg-ink text-paper" : "text-ink hover:bg-paper-dim"
  }`;

/**
 * The admin's sections the role works in (domain/roles.ts), as tabs (docs/development.md, "The admin's page header"). On a phone
 * they are wider than the screen: the strip scrolls sideways, fades at each edge that hides
 * a tab (so the cut reads as "more this way", not as a broken layout), and brings the current
 * tab fully into view on load and on every move between sections, before the first paint.
 */
export function AdminNav({ role }: { role: TeamRole }) {
  const { pathname } = useLocation();
  const { ref: strip, onScroll, clipped } = useTabStrip<HTMLDivElement>(pathname);

  return (
    <nav
      aria-label="Admin"
      className="relative col-span-2 row-start-2 -mx-0.5 min-w-0 min-[1024px]:col-span-1 min-[1024px]:row-start-auto"
    >
      <div
        ref={strip}
        onScroll={onScroll}
        className="flex min-w-0 items-center gap-0.5 overflow-x-auto overscroll-x-contain px-0.5 pb-1 [scrollbar-width:none] min-[1024px]:overflow-visible min-[1024px]:pb-0"
      >
        {sectionsFor(role).map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end={section.to === "/admin"}
            className={tabClass}
          >
            {section.label}
          </NavLink>
        ))}
        {/* On a phone the header has no room for the address that links here (sm and up). */}
        <NavLink to="/admin/account" className={(state) => `${tabClass(state)} sm:hidden`}>
          Account
        </NavLink>
      </div>
      {clipped.start ? (
        <span aria-hidden="true" data-nav-fade="start" className={stripFadeClass("start")} />
      ) : null}
      {clipped.end ? (
        <span aria-hidden="true" data-nav-fade="end" className={stripFadeClass("end")} />
      ) : null}
    </nav>
  );
}
