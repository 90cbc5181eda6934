import type { TestimonialCard } from "../content/collections.server.ts";
import { type Tone, ToneEyebrow } from "./landing-sections.tsx";
import { Container } from "./layout.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";

const tones = {
  light: {
    section: "border-t border-line",
    card: "border-line bg-white/60",
    muted: "text-muted",
    mark: "text-accent-strong",
    initials: "bg-ink text-paper",
  },
  dark: {
    section: "border-t border-ink-line",
    card: "border-ink-line bg-ink-soft",
    muted: "text-muted-light",
    mark: "text-accent",
    initials: "bg-paper text-ink",
  },
} as const;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .slice(0, 2)
    .join("")
    .toUpperCase();

/** Who said it: their photo when the owner has added one, else their initials. */
function Speaker({ item, tone }: { item: TestimonialCard; tone: Tone }) {
  const look = tones[tone];
  return (
    <figcaption className="mt-auto flex items-center gap-1.5 pt-3">
      {item.image ? (
        <ResponsiveImage
          image={item.image}
          alt=""
          sizes="48px"
          className="size-6 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className={`flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${look.initials}`}
        >
          {initialsOf(item.name)}
        </span>
      )}
      <span className="min-w-0">
        <span className="block font-bold">{item.name}</span>
        <span className={`block text-sm ${look.muted}`}>
          {item.role}, {item.business}
        </span>
        <span className={`block text-sm ${look.muted}`}>{item.location}</span>
      </span>
    </figcaption>
  );
}

/**
 * Clients' words as a section of cards (docs/site.md): each a figure whose blockquote is the quote
 * and whose caption names the person, their business and town. Prerendered; no script.
 */
export function Testimonials({
  items,
  id,
  eyebrow = "In their words",
  title,
  tone = "light",
  className = "",
}: {
  items: readonly TestimonialCard[];
  id: string;
  eyebrow?: string;
  title: string;
  tone?: Tone;
  className?: string;
}) {
  if (items.length === 0) return null;
  const look = tones[tone];
  const columns = items.length % 3 === 0 ? "lg:grid-cols-3" : "lg:grid-cols-2";
  return (
    <section aria-labelledby={id} className={`py-12 md:py-16 ${look.section} ${className}`}>
      <Container>
        <ToneEyebrow tone={tone}>{eyebrow}</ToneEyebrow>
        <h2 id={id} className="mt-2 max-w-3xl text-title font-bold">
          {title}
        </h2>
        <ul className={`mt-6 grid gap-3 md:grid-cols-2 ${columns}`}>
          {items.map((item) => (
            <li key={item.slug} className="reveal min-w-0">
              <figure className={`flex h-full flex-col rounded-sm border p-3 md:p-4 ${look.card}`}>
                <svg
                  viewBox="0 0 32 24"
                  aria-hidden="true"
                  className={`h-3 w-4 shrink-0 ${look.mark}`}
                  fill="currentColor"
                >
                  <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12Zm18 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12Z" />
                </svg>
                <blockquote
                  className="mt-2 text-xl leading-snug font-semibold tracking-tight text-pretty md:text-[1.375rem]"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time
                  dangerouslySetInnerHTML={{ __html: item.html }}
                />
                <Speaker item={item} tone={tone} />
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** A case study's client quote, pulled out of the story beside it. */
export function PullQuote({ item }: { item: TestimonialCard }) {
  return (
    <figure className="border-l-4 border-accent pl-3">
      <blockquote
        className="text-2xl leading-snug font-bold tracking-tight text-pretty md:text-3xl"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time
        dangerouslySetInnerHTML={{ __html: item.html }}
      />
      <figcaption className="mt-2 text-muted">
        <span className="font-bold text-ink">{item.name}</span>, {item.role}, {item.business}
      </figcaption>
    </figure>
  );
}
