import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { scrollLeftToShow } from "./tab-strip.ts";

const sections = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/pipeline", label: "Pipeline" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/events", label: "Events" },
  { to: "/admin/content", label: "Site" },
  { to: "/admin/spam", label: "Spam" },
  { to: "/admin/settings", label: "Settings" },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-[44px] shrink-0 items-center min-[1024px]:h-5 rounded-sm px-1.5 font-semibold transition-colors motion-reduce:transition-none ${
    isActive ? "bg-ink text-paper" : "text-ink hover:bg-paper-dim"
  }`;

/** How wide the fade is: the part of a tab it covers is never where the current one sits. */
const fadeWidth = 32;

/**
 * The admin's sections as tabs (docs/development.md, "The admin's page header"). On a phone
 * they are wider than the screen: the strip scrolls sideways, fades at each edge that hides
 * a tab (so the cut reads as "more this way", not as a broken layout), and brings the current
 * tab fully into view on load and on every move between sections, before the first paint.
 */
export function AdminNav() {
  const strip = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const [clipped, setClipped] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setClipped((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with the path.
  useLayoutEffect(() => {
    const element = strip.current;
    const current = element?.querySelector<HTMLElement>('[aria-current="page"]');
    if (element && current) {
      // Measured as laid out (fractions of a pixel kept), in the strip's scrolled content.
      const tab = current.getBoundingClientRect();
      const left = tab.left - element.getBoundingClientRect().left + element.scrollLeft;
      element.scrollLeft = scrollLeftToShow(
        { left, width: tab.width },
        {
          scrollLeft: element.scrollLeft,
          width: element.clientWidth,
          scrollWidth: element.scrollWidth,
        },
        fadeWidth,
      );
    }
    measure();
  }, [pathname, measure]);

  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const fade = "pointer-events-none absolute inset-y-0 z-10 w-4 from-paper to-transparent";
  return (
    <nav
      aria-label="Admin"
      className="relative col-span-2 row-start-2 -mx-0.5 min-w-0 min-[1024px]:col-span-1 min-[1024px]:row-start-auto"
    >
      <div
        ref={strip}
        onScroll={measure}
        className="flex min-w-0 items-center gap-0.5 overflow-x-auto overscroll-x-contain px-0.5 pb-1 [scrollbar-width:none] min-[1024px]:overflow-visible min-[1024px]:pb-0"
      >
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} end={"end" in section} className={tabClass}>
            {section.label}
          </NavLink>
        ))}
      </div>
      {clipped.start ? (
        <span
          aria-hidden="true"
          data-nav-fade="start"
          className={`${fade} left-0 bg-linear-to-r`}
        />
      ) : null}
      {clipped.end ? (
        <span aria-hidden="true" data-nav-fade="end" className={`${fade} right-0 bg-linear-to-l`} />
      ) : null}
    </nav>
  );
}
