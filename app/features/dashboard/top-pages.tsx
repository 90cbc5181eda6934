import type { LeadStats } from "../../../domain/lead-stats.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { ShareBar } from "./share-bar.tsx";

/**
 * Which of the site's pages the last 30 days' leads were sent from: each page with its count
 * and a bar against the busiest, most first. Leads whose page is not known are not listed
 * (the server leaves them out), so the counts need not add up to the month's leads. The
 * pages are the site's own paths, shown as text: the owner reads them here, and a link would
 * take them out of the admin.
 */
export function TopPages({ pages }: { pages: NonNullable<LeadStats["topPages"]> }) {
  const most = Math.max(1, ...pages.map((row) => row.leads));
  return (
    <section
      aria-labelledby="top-pages-heading"
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
    >
      <h2 id="top-pages-heading" className={adminSectionTitleClass}>
        Pages that bring leads
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        {pages.length
          ? "The pages the last 30 days' leads were sent from, most first."
          : "No lead of the last 30 days came through a known page yet."}
      </p>
      {pages.length ? (
        <ol className="mt-2 grid gap-1">
          {pages.map((row) => (
            <li
              key={row.page}
              className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto] items-center gap-x-1.5 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]"
            >
              <span className="truncate font-semibold" title={row.page}>
                {row.page}
              </span>
              <ShareBar value={row.leads} most={most} />
              <span className="text-sm font-semibold tabular-nums">
                {row.leads.toLocaleString("en-US")} {row.leads === 1 ? "lead" : "leads"}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
