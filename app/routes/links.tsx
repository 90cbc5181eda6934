import { Link } from "react-router";
import { mailtoHref } from "../../domain/email.ts";
import { site } from "../../domain/site.ts";
import { Arrow, Container, PageHeader } from "../components/layout.tsx";
import { slugify } from "../content/slug.ts";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";

/** Prerendered and static: no React in the browser (ADR 014). */
export const handle: RouteHandle = { hydrate: false };

export const meta = () =>
  pageMeta({
    title: "Links",
    description: `Everything ${site.name} in one place: book a consultation, read our guides and journal, see our work, come to an event, or find us on social media.`,
    path: "/links",
  });

/** Read when the page renders: one item names the studio's town (its settings). */
const groupsNow = () => [
  {
    title: "Start here",
    items: [
      {
        label: "Book a free call",
        to: "/book",
        note: "A 30-minute call, no obligation",
      },
      {
        label: "See our previous work",
        to: "/previous-work",
        note: "Case studies with real numbers",
      },
      { label: "What we do", to: "/about#services", note: "Nine services, explained" },
    ],
  },
  {
    title: "Learn with us",
    items: [
      {
        label: "WordPress, explained",
        to: "/guides/wordpress/intro",
        note: "Our beginner’s guide",
      },
      { label: "Knowledge Hub", to: "/guides", note: "Every guide we’ve written" },
      { label: "Journal", to: "/secret/blog", note: "Notes from the studio" },
      { label: "Upcoming events", to: "/events", note: `Workshops and clinics in ${site.city}` },
    ],
  },
];

export default function Links() {
  return (
    <>
      <PageHeader eyebrow="Links" title="Everything, one tap away." lead={site.tagline} />
      <Container className="grid gap-8 py-8 md:grid-cols-2 md:py-12">
        {groupsNow().map((group) => (
          <section
            key={group.title}
            aria-labelledby={`links-${slugify(group.title)}`}
            className="reveal"
          >
            <h2
              id={`links-${slugify(group.title)}`}
              className="text-xs font-bold tracking-[0.14em] text-muted uppercase"
            >
              {group.title}
            </h2>
            <ul className="mt-2 divide-y divide-line border-y border-line">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="group flex items-center justify-between gap-2 py-2.5"
                  >
                    <span>
                      <span className="block text-xl font-bold tracking-tight group-hover:text-accent-strong">
                        {item.label}
                      </span>
                      <span className="block text-muted">{item.note}</span>
                    </span>
                    <Arrow className="size-2.5 shrink-0 transition-transform group-hover:translate-x-0.5" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="links-elsewhere" className="reveal md:col-span-2">
          <h2
            id="links-elsewhere"
            className="text-xs font-bold tracking-[0.14em] text-muted uppercase"
          >
            Elsewhere
          </h2>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
            <li>
              <a
                href={mailtoHref(site.email)}
                className="block rounded-sm border border-line p-2 hover:border-ink"
              >
                <span className="block font-bold">Email</span>
                <span className="block break-all text-muted">{site.email}</span>
              </a>
            </li>
            {site.social.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  rel="me noopener"
                  className="block rounded-sm border border-line p-2 hover:border-ink"
                >
                  <span className="block font-bold">{s.label}</span>
                  <span className="block break-all text-muted">{s.handle}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </Container>
    </>
  );
}
