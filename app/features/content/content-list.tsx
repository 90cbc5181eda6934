import { Link } from "react-router";
import { formatDateTime, formatMoney } from "../../components/admin/format.ts";
import type { EntrySummary } from "./content-api.ts";
import { StatusChip } from "./status-chip.tsx";

const dash = "—";
const figure = (value: number | undefined) =>
  value === undefined ? dash : value.toLocaleString("en-US");

/**
 * One type's entries as a table: what each is, where it lives, where it stands and when it
 * last changed; the last 30 days' views, leads and won value where the API reports them.
 */
export function ContentList({
  entries,
  timeZone,
  currency,
  caption,
}: {
  entries: EntrySummary[];
  timeZone: string;
  currency?: string;
  caption: string;
}) {
  const head = "px-1 py-0.75 text-left text-sm font-semibold text-muted whitespace-nowrap";
  const cell = "px-1 py-1 align-top";
  return (
    <div className="mt-2 overflow-x-auto rounded-sm border border-line">
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
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
            <th scope="col" className={`${head} text-right`}>
              Views, 30 days
            </th>
            <th scope="col" className={`${head} text-right`}>
              Leads
            </th>
            <th scope="col" className={`${head} text-right`}>
              Won
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className="border-b border-line last:border-b-0 hover:bg-paper-dim/40"
            >
              <td className={cell}>
                <Link
                  to={`/admin/content/${encodeURIComponent(entry.id)}`}
                  className="font-semibold text-ink underline-offset-4 hover:underline"
                >
                  {entry.title || entry.slug}
                </Link>
                <div className="mt-0.25 font-mono text-xs text-muted">
                  {entry.url ?? entry.slug}
                </div>
              </td>
              <td className={cell}>
                <StatusChip entry={entry} timeZone={timeZone} />
              </td>
              <td className={`${cell} whitespace-nowrap text-muted`}>
                {formatDateTime(entry.updatedAt, timeZone)}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{figure(entry.views30)}</td>
              <td className={`${cell} text-right tabular-nums`}>{figure(entry.leads30)}</td>
              <td className={`${cell} text-right tabular-nums`}>
                {entry.won30 === undefined ? dash : formatMoney(entry.won30, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
