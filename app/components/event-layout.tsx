import type { Crumb } from "../seo.ts";
import { ArticleTitle } from "./article-layout.tsx";
import { Container } from "./layout.tsx";

/**
 * An event's page: title, ticket, write-up. One grid, so the ticket (date, place, price, seats
 * and the way to one) is read right after the title on a phone, before the description and
 * the write-up, and stands beside them at a desk, sticky while the write-up scrolls by
 * (docs/events.md, "The page"). The ticket comes once in the markup, in reading order.
 */
export function EventLayout({
  trail,
  title,
  eyebrow,
  lead,
  html,
  ticket,
}: {
  trail: readonly Crumb[];
  title: string;
  eyebrow: string;
  lead: string;
  html: string;
  ticket: React.ReactNode;
}) {
  return (
    <Container className="grid gap-y-3 pt-12 pb-8 md:pt-16 md:pb-10 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-x-10 xl:grid-cols-[minmax(0,1fr)_380px] xl:gap-x-16">
      <header className="min-w-0 lg:col-start-1">
        <ArticleTitle trail={trail} title={title} eyebrow={eyebrow} />
      </header>
      <div className="lg:sticky lg:top-14 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start">
        {ticket}
      </div>
      <p className="max-w-2xl text-lg text-muted md:text-xl lg:col-start-1">{lead}</p>
      <div
        className="prose mt-2 border-t border-line pt-5 md:pt-7 lg:col-start-1"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered at build time
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Container>
  );
}
