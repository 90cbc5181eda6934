import { Link } from "react-router";
import { formatDateTime, formatMoney } from "../../components/admin/format.ts";
import { useMayCall } from "../../components/admin/team-role.tsx";
import type { EntrySummary } from "./content-api.ts";
import { StatusChip } from "./status-chip.tsx";

const count = (value: number) => value.toLocaleString("en-US");
/** Why an entry has no figures, said where its dashes are (docs/site.md, "What each entry brings"). */
const notLive = "Not on the site, so nothing is counted";

type ListProps = {
  entries: EntrySummary[];
  timeZone: string;
  currency?: string | undefined;
  /** The type's name ("Journal posts"): the table's caption, the cards' list name. */
  caption: string;
  /**
   * The days the figures cover, as Insights writes a range ("Nov 2 – Dec 1, 2026"); none for a
   * type with no page of its own.
   */
  period: string | null;
};

/**
 * One type's entries: what each is, where it lives, where it stands and when it last changed,
 * and what it brought in the last 30 days (views, leads, won value), as the insights count them.
 * A table with its headers from 1024 px; below that, where six columns would scroll sideways,
 * one card per entry (only one of the two is ever displayed, so assistive technology meets one).
 */
export function ContentList(props: ListProps) {
  const { period, caption } = props;
  const mayReadInsights = useMayCall("insights");
  return (
    <div className="mt-2">
      <p className="max-w-3xl text-sm text-muted">
        {period ? (
          <>
            Views, leads and won value of the last 30 days ({period}
            ), counted as on{" "}
            {mayReadInsights ? (
              <Link to="/admin/insights" className="underline underline-offset-4">
                Insights
              </Link>
            ) : (
              "Insights"
            )}
            : a lead counts for the page its visit entered the site on.{" "}
            <span aria-hidden="true">“—”: not on the site, so nothing is counted.</span>
          </>
        ) : (
          `${caption} have no page of their own, so they have no views or leads.`
        )}
      </p>
      <EntryTable {...props} />
      <EntryCards {...props} />
    </div>
  );
}

function EntryTable({ entries, timeZone, currency, caption, period }: ListProps) {
  const head = "px-1 py-0.75 text-left text-sm font-semibold text-muted whitespace-nowrap";
  const number = `${head} text-right`;
  const cell = "px-1 py-1 align-top";
  return (
    <div className="mt-1 hidden rounded-sm border border-line min-[1024px]:block">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">
          {caption}
          {period ? `, with views, leads and won value of ${period}` : ""}
        </caption>
        <thead className="border-b border-line bg-paper-dim/60">
          <tr>
            <th scope="col" className={head}>
              Title
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Updated
            </th>
            {period ? (
              <>
                <th scope="col" className={number}>
                  Views
                </th>
                <th scope="col" className={number}>
                  Leads
                </th>
                <th scope="col" className={number}>
                  Won
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className="border-b border-line last:border-b-0 hover:bg-paper-dim/40"
            >
              <td className={cell}>
                <EntryTitle entry={entry} />
              </td>
              <td className={cell}>
                <StatusChip entry={entry} timeZone={timeZone} />
              </td>
              <td className={`${cell} text-muted`}>{formatDateTime(entry.updatedAt, timeZone)}</td>
              {period ? <FigureCells entry={entry} currency={currency} className={cell} /> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FigureCells({
  entry,
  currency,
  className,
}: {
  entry: EntrySummary;
  currency?: string | undefined;
  className: string;
}) {
  const numeric = `${className} text-right tabular-nums whitespace-nowrap`;
  const { stats } = entry;
  if (!stats)
    return (
      <>
        <td className={numeric}>
          <Dash reason={notLive} />
        </td>
        <td className={numeric}>
          <Dash reason="none" />
        </td>
        <td className={numeric}>
          <Dash reason="none" />
        </td>
      </>
    );
  return (
    <>
      <td className={numeric}>{count(stats.views)}</td>
      <td className={numeric}>{count(stats.leads)}</td>
      <td className={numeric}>
        <WonValue stats={stats} currency={currency} />
      </td>
    </>
  );
}

function EntryCards({ entries, timeZone, currency, caption, period }: ListProps) {
  return (
    <ul
      aria-label={caption}
      className="mt-1 grid gap-1 min-[600px]:grid-cols-2 min-[1024px]:hidden"
    >
      {entries.map((entry) => (
        <li key={entry.id} className="min-w-0 rounded-sm border border-line bg-white/60 p-1.5">
          <EntryTitle entry={entry} />
          <div className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
            <StatusChip entry={entry} timeZone={timeZone} />
            <span className="text-muted">Updated {formatDateTime(entry.updatedAt, timeZone)}</span>
          </div>
          {period ? (
            entry.stats ? (
              <dl className="mt-1 grid grid-cols-3 gap-1 border-t border-line pt-1 text-sm">
                <Figure term="Views">{count(entry.stats.views)}</Figure>
                <Figure term="Leads">{count(entry.stats.leads)}</Figure>
                <Figure term="Won">
                  <WonValue stats={entry.stats} currency={currency} />
                </Figure>
              </dl>
            ) : (
              <p className="mt-1 border-t border-line pt-1 text-sm text-muted">
                <span aria-hidden="true">— </span>
                {notLive}.
              </p>
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{term}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function EntryTitle({ entry }: { entry: EntrySummary }) {
  return (
    <>
      <Link
        to={`/admin/content/${encodeURIComponent(entry.id)}`}
        className="font-semibold text-ink underline-offset-4 hover:underline"
      >
        {entry.title || entry.slug}
      </Link>
      <div className="mt-0.25 font-mono text-xs break-all text-muted">
        {entry.url ?? entry.slug}
      </div>
    </>
  );
}

/** The won value; under it, how many leads won it, when any did. */
function WonValue({
  stats,
  currency,
}: {
  stats: NonNullable<EntrySummary["stats"]>;
  currency?: string | undefined;
}) {
  return (
    <>
      {formatMoney(stats.wonValue, currency)}
      {stats.won > 0 ? (
        <span className="block text-xs font-normal text-muted">
          {stats.won === 1 ? "1 lead won" : `${count(stats.won)} leads won`}
        </span>
      ) : null}
    </>
  );
}

/** A dash seen, and the reason heard (and shown on hover). */
function Dash({ reason }: { reason: string }) {
  return (
    <>
      <span aria-hidden="true" title={reason}>
        —
      </span>
      <span className="sr-only">{reason}</span>
    </>
  );
}
