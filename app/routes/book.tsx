import { BookingIsland } from "../components/booking-picker.tsx";
import { Container, PageHeader } from "../components/layout.tsx";
import type { RouteHandle } from "../root.tsx";
import { pageMeta } from "../seo.ts";

/** Prerendered; the picker is an island without a framework (ADR 022). */
export const handle: RouteHandle = { hydrate: false };

export const meta = () =>
  pageMeta({
    title: "Book a free call",
    description:
      "Pick a time for a free 30-minute call with Fineline Studio: your website, your goals and a straight answer on cost. The invite lands in your inbox at once.",
    path: "/book",
    breadcrumbs: [],
  });

const agenda = [
  "Where your site stands today, and what it should do for the business",
  "What we would build, how long it takes, and a price range you can plan with",
  "Whether we're the right fit. If we're not, we'll say so and point you to someone who is",
];

export default function BookPage() {
  return (
    <>
      <PageHeader
        eyebrow="Book a free call"
        title="Thirty minutes, and you'll know your next step."
        lead="Pick a time that suits you. You talk to the people who would build your site, never a salesperson."
      >
        <ul className="mt-4 grid max-w-4xl gap-1.5 text-muted md:grid-cols-3 md:gap-3">
          {agenda.map((item) => (
            <li key={item} className="border-l-2 border-accent pl-2">
              {item}
            </li>
          ))}
        </ul>
      </PageHeader>
      <Container className="py-8 md:py-12">
        <BookingIsland />
      </Container>
    </>
  );
}
