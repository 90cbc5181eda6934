import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { BrandMark, brandLinkClass } from "./brand-mark.tsx";
import { contactHref, mobileOnlyNav, primaryNav } from "./nav-items.ts";

const menuId = "site-menu";

/**
 * Invoker commands (commandfor/command) let the browser open and close the dialog with no
 * script at all. The frame script (app/frame/menu.ts) does the same where they are missing,
 * keeps Tab inside the open menu and closes it when a link moves within the page. The
 * attributes are not in React's types yet, hence the spread. No aria-expanded: HTML forbids
 * it on a button with a command, and a modal dialog needs none (the page behind is inert).
 */
const invoke = (command: "show-modal" | "close") =>
  ({ commandfor: menuId, command }) as Record<string, string>;

/**
 * Small-screen menu in a modal <dialog>: the page behind is inert, Escape closes it
 * (the dialog's own cancel), and focus returns to the Menu button.
 */
export function MobileMenu() {
  const items = [...primaryNav, ...mobileOnlyNav];
  return (
    <>
      <button
        type="button"
        {...invoke("show-modal")}
        aria-haspopup="dialog"
        className="inline-flex h-5 shrink-0 items-center gap-1 rounded-sm border border-current/20 px-1.5 text-sm font-semibold min-[360px]:px-2 md:hidden"
      >
        <svg viewBox="0 0 20 20" className="size-2" aria-hidden="true">
          <path d="M3 6h14M3 14h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <dialog
        id={menuId}
        data-menu
        aria-label="Menu"
        className="m-0 h-dvh max-h-none w-full max-w-none bg-ink p-0 text-paper backdrop:bg-ink/60 open:flex open:flex-col md:hidden"
      >
        <div className="flex h-9 items-center justify-between px-3">
          <a href="/" className={brandLinkClass}>
            <BrandMark />
            {site.name}
          </a>
          <button
            type="button"
            {...invoke("close")}
            className="inline-flex h-5 shrink-0 items-center rounded-sm border border-paper/30 px-1.5 text-sm font-semibold min-[360px]:px-2"
          >
            Close
          </button>
        </div>
        <nav aria-label="Menu" className="flex flex-1 flex-col justify-between px-3 pt-4 pb-5">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <a
                  href={item.to}
                  className="block py-1 text-4xl font-bold tracking-tight hover:text-accent"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="space-y-2">
            <a
              href={contactHref}
              className="flex h-7 items-center justify-center rounded-sm bg-accent text-lg font-bold text-ink"
            >
              Contact us
            </a>
            <p className="text-sm text-muted-light">
              Or write to{" "}
              <a className="underline underline-offset-4" href={mailtoHref(site.email)}>
                {site.email}
              </a>
            </p>
          </div>
        </nav>
      </dialog>
    </>
  );
}
