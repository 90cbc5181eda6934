import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { BrandMark } from "./brand-mark.tsx";
import { bookHref, type NavItem, primaryNav } from "./nav-items.ts";

/**
 * The bar's pages split in two columns, each page once and under the name the bar gives it:
 * the studio (who we are, what we did) and what a visitor can learn from us.
 */
const learnPaths = new Set(["/guides", "/events"]);
const studio: readonly NavItem[] = [
  ...primaryNav.filter((item) => !learnPaths.has(item.to)),
  { label: "Services", to: "/about#services" },
  // The two audience pages (docs/site.md): found from every page, by visitors and search engines.
  { label: "For after-hours sellers", to: "/home2" },
  { label: "For local services", to: "/home3" },
];
const learn: readonly NavItem[] = [
  ...primaryNav.filter((item) => learnPaths.has(item.to)),
  { label: "Journal", to: "/secret/blog" },
  { label: "Links", to: "/links" },
];

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-xs font-bold tracking-[0.14em] text-muted-light uppercase">{title}</h2>
      <ul className="mt-2 space-y-1 text-[0.95rem]">{children}</ul>
    </div>
  );
}

const linkClass = "text-paper/85 transition-colors hover:text-accent";

/** Plain links, like the bar: every public page is its own document. */
export function SiteFooter() {
  return (
    <footer className="bg-ink text-paper">
      <div className="mx-auto grid max-w-[1440px] gap-5 px-3 pt-8 pb-6 md:grid-cols-[1.4fr_1fr_1fr_1fr] md:px-5">
        <div className="max-w-sm">
          <a href="/" className="inline-flex items-center gap-1.5 text-xl font-bold tracking-tight">
            <BrandMark className="size-4 text-paper" />
            {site.name}
          </a>
          <p className="mt-2 text-paper/70">{site.description}</p>
          <a
            href={bookHref}
            className="mt-3 inline-flex h-5 items-center rounded-sm bg-accent px-2.5 font-bold text-ink transition-colors hover:bg-paper"
          >
            Book a free call
          </a>
        </div>
        <FooterColumn title="Studio">
          {studio.map((item) => (
            <li key={item.to}>
              <a className={linkClass} href={item.to}>
                {item.label}
              </a>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Learn">
          {learn.map((item) => (
            <li key={item.to}>
              <a className={linkClass} href={item.to}>
                {item.label}
              </a>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Contact">
          <li>
            <a className={linkClass} href={mailtoHref(site.email)}>
              {site.email}
            </a>
          </li>
          {site.phone ? (
            <li>
              <a className={linkClass} href={`tel:${site.phone.replace(/[^+\d]/g, "")}`}>
                {site.phone}
              </a>
            </li>
          ) : null}
          <li className="text-paper/70">
            {site.streetAddress ? `${site.streetAddress}, ` : ""}
            {site.place}
          </li>
          {site.social.map((s) => (
            <li key={s.href}>
              <a className={linkClass} href={s.href} rel="me noopener">
                {s.label}
              </a>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-ink-line">
        <div className="mx-auto flex max-w-[1440px] items-center justify-between gap-2 px-3 py-2.5 text-sm text-paper/70 md:px-5">
          <p className="flex flex-wrap items-center gap-x-2">
            <span>
              <span aria-hidden="true">©</span>
              <span className="sr-only">Copyright</span>{" "}
              <span suppressHydrationWarning>{new Date().getFullYear()}</span> {site.name}
            </span>
            <a href="/privacy" className="font-semibold text-paper hover:text-accent">
              Privacy
            </a>
          </p>
          <a
            href="#top"
            className="inline-flex items-center gap-1 font-semibold text-paper hover:text-accent"
          >
            Back to top
            <svg viewBox="0 0 16 16" className="size-2" aria-hidden="true">
              <path
                d="M8 13V3M3.5 7.5 8 3l4.5 4.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </a>
        </div>
      </div>
    </footer>
  );
}
