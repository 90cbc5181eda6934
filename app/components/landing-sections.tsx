import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { ContactFormIsland } from "./contact-form.tsx";
import { bookHref } from "./nav-items.ts";

/**
 * Pieces the two audience landing pages (/home2, /home3) share: each page lays them out
 * its own way, in its own palette.
 */
export type Tone = "light" | "dark";

/** The section eyebrow in either palette (accent on ink, the darkened accent on paper). */
export function ToneEyebrow({
  tone,
  children,
  className = "",
}: {
  tone: Tone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p
      className={`text-sm font-bold tracking-[0.14em] uppercase ${tone === "dark" ? "text-accent" : "text-accent-strong"} ${className}`}
    >
      {children}
    </p>
  );
}

/**
 * The studio's e-mail and phone, for a contact section's side column (the home page's and the
 * landing pages'); `children` adds items of the same list (the home page's studio hours).
 */
export function DirectLines({
  tone,
  className = "grid gap-3 sm:grid-cols-2",
  children,
}: {
  tone: Tone;
  className?: string;
  children?: React.ReactNode;
}) {
  const muted = tone === "dark" ? "text-muted-light" : "text-muted";
  return (
    <dl className={className}>
      <div>
        <dt className={`text-sm font-semibold ${muted}`}>Prefer email?</dt>
        <dd className="mt-0.5 text-xl font-bold break-words">
          <a
            className="underline decoration-accent decoration-2 underline-offset-4"
            href={mailtoHref(site.email)}
          >
            {site.email}
          </a>
        </dd>
      </div>
      {site.phone ? (
        <div>
          <dt className={`text-sm font-semibold ${muted}`}>Or call the studio</dt>
          <dd className="mt-0.5 text-xl font-bold">
            <a href={`tel:${site.phone.replace(/[^+\d]/g, "")}`}>{site.phone}</a>
          </dd>
        </div>
      ) : null}
      <div>
        <dt className={`text-sm font-semibold ${muted}`}>Prefer to pick a time?</dt>
        <dd className="mt-0.5 text-xl font-bold">
          <a
            className="underline decoration-accent decoration-2 underline-offset-4"
            href={bookHref}
          >
            Book a free call
          </a>
        </dd>
      </div>
      {children}
    </dl>
  );
}

/**
 * The contact form on a card of the page's palette: paper, with focus rings in the darkened
 * accent (3:1 on paper), or ink for /home2, with ink fields and the bright accent (3:1 on ink).
 * Same island as the home page, so the same no-JavaScript post; sourcePage tells the lead which
 * landing page it came from.
 */
export function ContactCard({ sourcePage, tone = "light" }: { sourcePage: string; tone?: Tone }) {
  return tone === "dark" ? (
    <div className="rounded-sm border border-ink-line bg-ink p-3 text-paper md:p-5 [&_:focus-visible]:outline-accent">
      <ContactFormIsland sourcePage={sourcePage} tone="dark" />
    </div>
  ) : (
    <div className="rounded-sm border border-line bg-paper p-3 text-ink md:p-5 [&_:focus-visible]:outline-accent-strong">
      <ContactFormIsland sourcePage={sourcePage} />
    </div>
  );
}
