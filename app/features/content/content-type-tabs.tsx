import { Link } from "react-router";
import { stripFadeClass, useTabStrip } from "../../components/admin/use-tab-strip.ts";

export type TypeTab = { value: string; label: string; to: string };

const tabClass = (current: boolean) =>
  `inline-flex h-[44px] shrink-0 items-center rounded-sm px-1.5 text-sm font-semibold whitespace-nowrap min-[1024px]:h-5 ${
    current ? "bg-ink text-paper" : "text-ink hover:bg-paper-dim"
  }`;

/**
 * The studio's types as tabs: links, the current one marked `aria-current="page"`, reached with
 * Tab as any link. On a phone they are wider than the screen, so the strip scrolls sideways as
 * the admin's sections do (docs/development.md, "The admin's page header"): each tab on one
 * line, a fade at each edge that hides a tab, the current tab brought whole into view, and a
 * tab reached with the keyboard scrolled clear of the fades.
 */
export function ContentTypeTabs({ tabs, current }: { tabs: readonly TypeTab[]; current: string }) {
  const { ref, onScroll, clipped } = useTabStrip<HTMLUListElement>(current);
  return (
    <nav aria-label="Content types" className="relative -mx-0.5 border-b border-line">
      <ul
        ref={ref}
        onScroll={onScroll}
        className="flex gap-0.5 overflow-x-auto overscroll-x-contain scroll-px-4 px-0.5 pb-1 [scrollbar-width:none]"
      >
        {tabs.map((tab) => (
          <li key={tab.value} className="shrink-0">
            <Link
              to={tab.to}
              aria-current={tab.value === current ? "page" : undefined}
              className={tabClass(tab.value === current)}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
      {clipped.start ? (
        <span aria-hidden="true" data-strip-fade="start" className={stripFadeClass("start")} />
      ) : null}
      {clipped.end ? (
        <span aria-hidden="true" data-strip-fade="end" className={stripFadeClass("end")} />
      ) : null}
    </nav>
  );
}
