import { Fragment } from "react";
import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { Container, PageHeader } from "../components/layout.tsx";
import { slugify } from "../content/slug.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export const meta = () =>
  pageMeta({
    title: "Privacy",
    description: `What ${site.name}’s website keeps when you write to us, book a call or just read: no cookies, no ads, no third parties, and how long anything stays.`,
    path: "/privacy",
  });

/**
 * What the site stores and for how long, in plain words: each section says what a part of the
 * site keeps, so it must change with the code it describes (docs/insights.md,
 * docs/conversations.md, docs/booking.md, docs/product.md, and docs/operations.md for the
 * server's logs and rate limits).
 */
const sections = [
  {
    title: "When you write to us",
    body: [
      "We keep what you send through the contact form: your name, your email address, your message and the page you sent it from, with the time it arrived. We also keep how you found us, when your browser tells us: the site that sent you, a campaign’s tags in the link, and the page you first landed on.",
      "We use it to answer you and to follow up on what you asked, and for nothing else. It stays while we work with you, and we erase it, with everything attached to it, whenever you ask.",
      "If we reply by email, our messages and your answers are kept with your request, so whoever helps you sees the whole conversation. Attachments stay in our mailbox, never on the website. When you first write, you get one automatic confirmation; it never repeats what you typed.",
      "A message our filters take for spam is kept for 30 days so we can check it, then deleted.",
    ],
  },
  {
    title: "When you book a call",
    body: [
      "We keep the time you chose, your name and email address, and the time zone you picked, to send you the invitation, a reminder the day before, and any change. The call goes into our own calendar too. Your booking’s link is the only way to see or change it; we keep only a scrambled copy of it.",
      "So that one person cannot take every free time or every seat, a booked call and an event registration also keep a scrambled code of the network address they came from, made with a secret key (never the address itself). It goes when the booking or registration goes.",
    ],
  },
  {
    title: "When you register for an event",
    body: [
      "We keep your name, your email address, the event and the number of seats, to send you the confirmation and the calendar invite, and to know who is coming. It is deleted with the rest of what we hold about you when you ask.",
    ],
  },
  {
    title: "When you read the site",
    body: [
      "No cookies, no advertising, no tracking across other websites, and no third-party scripts: every page, font and picture comes from this site.",
      "We count visits to learn which pages help people, without knowing who anyone is. Each day we turn your network address and browser name into a scrambled code with a key that is deleted at the end of that day, so no day’s count can be linked to another, and neither your address nor your browser is stored. With it we keep the page you entered on and the site that sent you for 30 days; after that only each day’s totals remain.",
      "If your browser sends Global Privacy Control or Do Not Track, you are not counted at all. Neither are search engines’ robots.",
      "To stop abuse, we count how often each network address asks for a few things: sending a form, or a page with a form getting it ready (the form’s clock, an event’s seats left, the free times for a call); opening your booking’s or registration’s link; reporting a visit as above (never when you are not counted); signing in; and asking for a page or file that does not exist. Each count is kept for a few minutes (about ten at most), then deleted, under a scrambled code made from your address with a secret key that changes every day; never under your address. Reading a page, or loading its pictures and fonts, counts nothing.",
      "Our server also notes each request in its log, to keep the site running: which part of the site answered, the answer, and how long it took. Never your network address, the exact address of the page, or anything after a “?” in it.",
    ],
  },
  {
    title: "Who sees it",
    body: [
      "Only our studio, logged in to the website’s admin. We never sell or share what you send us. Our email and calendar providers carry the emails and invitations you receive from us.",
    ],
  },
];

/** The page's promises in one line each, beside the detail at desktop and above it on phones. */
const glance = [
  "No cookies, no ads, no third-party scripts",
  "What you send is used only to answer you",
  "Erased, all of it, whenever you ask",
  "Suspected spam deleted after 30 days",
  "Visits counted anonymously; details gone after 30 days",
];

export default function Privacy() {
  return (
    <>
      <PageHeader
        eyebrow="Privacy"
        title="What we keep, and for how long."
        lead="The short version: only what you send us, only to help you, and gone when you ask."
      />
      <Container className="grid gap-6 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
        <aside
          aria-labelledby="privacy-glance"
          className="h-fit rounded-lg border border-line bg-paper-dim p-3 lg:sticky lg:top-12 lg:order-last"
        >
          <h2 id="privacy-glance" className="text-lg font-bold">
            At a glance
          </h2>
          <ul className="mt-1.5 grid gap-1 text-ink-soft">
            {glance.map((point) => (
              <li key={point} className="flex gap-1">
                <span aria-hidden="true" className="font-bold text-accent-strong">
                  ✓
                </span>
                {point}
              </li>
            ))}
          </ul>
        </aside>
        <div className="prose">
          {sections.map((section) => (
            <Fragment key={section.title}>
              <h2 id={`privacy-${slugify(section.title)}`}>{section.title}</h2>
              {section.body.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </Fragment>
          ))}
          <h2 id="privacy-ask">Ask us</h2>
          <p>
            To see what we have about you, correct it, or have it erased, write to{" "}
            <a href={mailtoHref(site.email)}>{site.email}</a> from the address you used. We answer
            within one business day.
          </p>
        </div>
      </Container>
    </>
  );
}
