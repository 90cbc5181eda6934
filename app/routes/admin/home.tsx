import { Link } from "react-router";
import { Arrow, Container, Eyebrow } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";

export const meta = () => privateMeta("Admin");

/** The admin's welcome page (spec section 2). */
export default function AdminHome() {
  return (
    <Container className="pt-6 md:pt-8">
      <Eyebrow>Studio admin</Eyebrow>
      <h1 className="mt-1 text-title font-bold">Welcome back.</h1>
      <p className="mt-2 max-w-2xl text-lg text-muted">
        Every message sent through the site's contact form lands here as a lead. Work them from “New
        Leads” to “Follow Up With”, and on to a result.
      </p>
      <div className="mt-5 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        <Link
          to="/admin/leads"
          className="group flex flex-col justify-between gap-3 rounded-sm border border-line bg-white/60 p-3 transition-colors hover:border-ink"
        >
          <span>
            <span className="block text-xl font-bold">Leads</span>
            <span className="mt-0.5 block text-muted">
              New enquiries, follow-ups, statuses and notes.
            </span>
          </span>
          <span className="inline-flex items-center gap-1 font-semibold text-accent-strong">
            Open the lead tracker{" "}
            <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
          </span>
        </Link>
        <Link
          to="/"
          className="group flex flex-col justify-between gap-3 rounded-sm border border-line bg-white/60 p-3 transition-colors hover:border-ink"
        >
          <span>
            <span className="block text-xl font-bold">The public site</span>
            <span className="mt-0.5 block text-muted">See what visitors see.</span>
          </span>
          <span className="inline-flex items-center gap-1 font-semibold text-accent-strong">
            Go to the home page{" "}
            <Arrow className="size-2 transition-transform group-hover:translate-x-0.5" />
          </span>
        </Link>
      </div>
    </Container>
  );
}
