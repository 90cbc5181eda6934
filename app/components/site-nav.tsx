import { useLocation } from "react-router";
import { site } from "../../domain/site.ts";
import { BrandMark, brandLinkClass } from "./brand-mark.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { contactHref, primaryNav } from "./nav-items.ts";

/** The nav item for a path: "/" only for the home page itself, others for their section too. */
export function isCurrent(itemPath: string, raw: string): boolean {
  // The build prerenders some pages at "/x/" (React Router's prerender path for an alias).
  const pathname = raw.length > 1 ? raw.replace(/\/$/, "") : raw;
  if (itemPath === "/") return pathname === "/" || pathname === "/home";
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/**
 * Fixed top bar. It slides away on the way down and back on the way up, or when focused
 * (the frame script sets data-hidden; app/frame/hide-bar.ts). Plain links: every public page
 * is its own document, so following one is a page load, even from a client-rendered screen.
 */
export function SiteNav({ tone }: { tone: "light" | "dark" }) {
  const { pathname } = useLocation();
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
      data-site-bar
      className={`fixed inset-x-0 top-0 z-40 border-b backdrop-blur-md transition-transform duration-300 ease-out focus-within:translate-y-0 data-[hidden=true]:-translate-y-full ${
        dark ? "border-ink-line bg-ink/85 text-paper" : "border-line/70 bg-paper/85 text-ink"
      }`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-9 max-w-[1440px] items-center justify-between gap-2 px-3 min-[360px]:gap-3 md:px-5"
      >
        <a href="/" className={brandLinkClass}>
          <BrandMark />
          <span>{site.name}</span>
        </a>
        <ul className="hidden items-center gap-0.5 md:flex">
          {primaryNav.map((item) => (
            <li key={item.to}>
              <a
                href={item.to}
                aria-current={isCurrent(item.to, pathname) ? "page" : undefined}
                className={itemClass(isCurrent(item.to, pathname))}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-1.5">
          <a
            href={contactHref}
            className={`hidden h-5 items-center rounded-sm px-2.5 text-[0.95rem] font-bold transition-colors md:inline-flex ${
              dark
                ? "bg-accent text-ink hover:bg-paper"
                : "bg-ink text-paper hover:bg-accent hover:text-ink"
            }`}
          >
            Contact
          </a>
          <MobileMenu />
        </div>
      </nav>
    </header>
  );
}
