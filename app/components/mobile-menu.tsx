import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { BrandMark } from "./brand-mark.tsx";
import { contactHref, mobileOnlyNav, primaryNav } from "./nav-items.ts";

const focusableSelector = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';
const menuId = "site-menu";

/**
 * Invoker commands (commandfor/command) let the browser open and close the dialog before
 * the app has hydrated, so a tap on a slow connection is never lost. React's handlers do the
 * same afterwards (and in browsers without invoker commands); opening an open dialog is a no-op.
 * The attributes are not in React's types yet, hence the spread.
 */
const invoke = (command: "show-modal" | "close") =>
  ({ commandfor: menuId, command }) as Record<string, string>;

/**
 * Small-screen menu in a modal <dialog>: the page behind is inert, Escape closes it
 * (the dialog's own cancel), Tab wraps inside it, and focus returns to the Menu button.
 */
export function MobileMenu() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Close after any navigation from inside the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    dialogRef.current?.close();
  }, [location.key]);

  // aria-expanded follows the dialog itself, however it was opened (React, or the browser pre-hydration).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const sync = () => setOpen(dialog.open);
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(dialog, { attributes: true, attributeFilter: ["open"] });
    return () => observer.disconnect();
  }, []);

  const show = () => {
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  const trapTab = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const items = [...primaryNav, ...mobileOnlyNav];
  return (
    <>
      <button
        type="button"
        onClick={show}
        {...invoke("show-modal")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={menuId}
        className="inline-flex h-5 items-center gap-1 rounded-sm border border-current/20 px-2 text-sm font-semibold md:hidden"
      >
        <svg viewBox="0 0 20 20" className="size-2" aria-hidden="true">
          <path d="M3 6h14M3 14h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <dialog
        id={menuId}
        ref={dialogRef}
        aria-label="Menu"
        onKeyDown={trapTab}
        className="m-0 h-dvh max-h-none w-full max-w-none bg-ink p-0 text-paper backdrop:bg-ink/60 open:flex open:flex-col md:hidden"
      >
        <div className="flex h-9 items-center justify-between px-3">
          <Link to="/" className="flex items-center gap-1.5 text-lg font-bold tracking-tight">
            <BrandMark />
            {site.name}
          </Link>
          <button
            type="button"
            onClick={close}
            {...invoke("close")}
            className="inline-flex h-5 items-center rounded-sm border border-paper/30 px-2 text-sm font-semibold"
          >
            Close
          </button>
        </div>
        <nav aria-label="Menu" className="flex flex-1 flex-col justify-between px-3 pt-4 pb-5">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={close}
                  className="block py-1 text-4xl font-bold tracking-tight hover:text-accent"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="space-y-2">
            <Link
              to={contactHref}
              onClick={close}
              className="flex h-7 items-center justify-center rounded-sm bg-accent text-lg font-bold text-ink"
            >
              Contact us
            </Link>
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
