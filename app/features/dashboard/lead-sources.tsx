import { Link } from "react-router";
import type { LeadStats } from "../../../domain/lead-stats.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { ShareBar } from "./share-bar.tsx";

/**
 * Where the last 30 days' leads came from: each source with its count and a bar of its share,
 * most first, each a link to those leads. Leads from before sources were recorded are
 * counted as such, without a link (there is nothing to filter them by).
 */
export function LeadSources({
  sources,
  arrived,
}: {
  sources: NonNullable<LeadStats["sources"]>;
  /** Every lead of the 30 days (the list holds the top ten sources only). */
  arrived?: number | undefined;
}) {
  const listed = sources.reduce((sum, row) => sum + row.leads, 0);
  const total = Math.max(arrived ?? listed, listed);
  const others = total - listed;
  const most = Math.max(1, ...sources.map((row) => row.leads));
  return (
    <section
      aria-labelledby="sources-heading"
      className="rounded-sm border border-line bg-white/60 p-2 sm:p-3"
    >
      <h2 id="sources-heading" className={adminSectionTitleClass}>
        Where leads come from
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        {total
          ? `The last 30 days' ${total.toLocaleString("en-US")} ${total === 1 ? "lead" : "leads"}, by the campaign or site that sent them.`
          : "No leads in the last 30 days yet."}
      </p>
      {total ? (
        <ol className="mt-2 grid gap-1">
          {sources.map((row) => {
            const share = Math.round((row.leads / total) * 100);
            const label = row.source ?? "Not recorded";
            return (
              <li
                key={label}
                className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto] items-center gap-x-1.5"
              >
                {row.source ? (
                  <Link
                    to={`/admin/leads?source=${encodeURIComponent(row.source)}`}
                    className="truncate font-semibold text-accent-strong underline underline-offset-4"
                  >
                    {label}
                  </Link>
                ) : (
                  <span className="truncate font-semibold text-muted">{label}</span>
                )}
                <ShareBar value={row.leads} most={most} />
                <span className="text-sm font-semibold tabular-nums">
                  {row.leads.toLocaleString("en-US")}{" "}
                  <span className="font-normal text-muted">({share}%)</span>
                </span>
              </li>
            );
          })}
          {others > 0 ? (
            <li className="text-sm text-muted">
              and {others.toLocaleString("en-US")} from other sources
            </li>
          ) : null}
        </ol>
      ) : null}
    </section>
  );
}
