import { Link, NavLink } from "react-router";
import { site } from "../../domain/site.ts";
import { BrandMark } from "./brand-mark.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { contactHref, primaryNav } from "./nav-items.ts";
import { useHideOnScroll } from "./use-hide-on-scroll.ts";

/** Fixed top bar. It slides away on the way down and back on the way up, or when focused. */
export function SiteNav({ tone }: { tone: "light" | "dark" }) {
  const hidden = useHideOnScroll();
  const dark = tone === "dark";
  const itemClass = (isActive: boolean) =>
    `rounded-sm px-1.5 py-1 text-[0.95rem] font-semibold transition-colors ${
      isActive
        ? dark
          ? "text-paper"
          : "text-ink"
        : dark
          ? "text-muted-light hover:text-paper"
          : "text-muted hover:text-ink"
    } aria-[current=page]:underline aria-[current=page]:decoration-accent aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8`;
  return (
    <header
      data-hidden={hidden}
      className={`fixed inset-x-0 top-0 z-40 border-b backdrop-blur-md transition-transform duration-300 ease-out focus-within:translate-y-0 data-[hidden=true]:-translate-y-full ${
        dark ? "border-ink-line bg-ink/85 text-paper" : "border-line/70 bg-paper/85 text-ink"
      }`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-9 max-w-[1440px] items-center justify-between gap-3 px-3 md:px-5"
      >
        <Link to="/" className="flex items-center gap-1.5 text-lg font-bold tracking-tight">
          <BrandMark />
          <span>{site.name}</span>
        </Link>
        <ul className="hidden items-center gap-0.5 md:flex">
          {primaryNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) => itemClass(isActive)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-1.5">
          <Link
            to={contactHref}
            className={`hidden h-5 items-center rounded-sm px-2.5 text-[0.95rem] font-bold transition-colors md:inline-flex ${
              dark
                ? "bg-accent text-ink hover:bg-paper"
                : "bg-ink text-paper hover:bg-accent hover:text-ink"
            }`}
          >
            Contact
          </Link>
          <MobileMenu />
        </div>
      </nav>
    </header>
  );
}
