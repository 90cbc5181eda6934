import { Link } from "react-router";
import { Arrow, formatDate } from "./layout.tsx";

export type EntrySummary = {
  readonly to: string;
  readonly title: string;
  readonly description: string;
  readonly date: string;
  readonly author: string;
  readonly readingMinutes: number;
  readonly label?: string;
};

/** A list of articles or guides: title, summary, date, author, reading time. */
export function EntryList({
  entries,
  headingLevel = 3,
}: {
  entries: readonly EntrySummary[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="divide-y divide-line border-y border-line">
      {entries.map((entry) => (
        <li key={entry.to} className="reveal">
          <article className="group relative grid gap-2 py-5 md:grid-cols-[200px_1fr_auto] md:gap-5">
            <p className="text-sm text-muted">
              <time dateTime={entry.date}>{formatDate(entry.date)}</time>
              {entry.label ? (
                <span className="mt-0.5 block font-semibold text-accent-strong">{entry.label}</span>
              ) : null}
            </p>
            <div>
              <Heading className="text-2xl font-bold tracking-tight md:text-3xl">
                <Link
                  to={entry.to}
                  className="after:absolute after:inset-0 group-hover:text-accent-strong"
                >
                  {entry.title}
                </Link>
              </Heading>
              <p className="mt-1 max-w-2xl text-lg text-muted">{entry.description}</p>
              <p className="mt-1.5 text-sm text-muted">
                {entry.author} · {entry.readingMinutes} min read
              </p>
            </div>
            <Arrow className="hidden size-3 self-center transition-transform group-hover:translate-x-0.5 md:block" />
          </article>
        </li>
      ))}
    </ul>
  );
}
