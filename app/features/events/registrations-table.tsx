import { Link } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { buttonClass } from "../../components/layout.tsx";
import type { Registration } from "./load-events.ts";

/** Who registered for an event, each linked to their lead, with a button to cancel them. */
export function RegistrationsTable({
  title,
  registrations,
  timeZone,
  onCancel,
}: {
  title: string;
  registrations: Registration[];
  /** The owner's zone, in which the registration times are shown. */
  timeZone: string;
  onCancel: (registration: Registration) => void;
}) {
  return (
    // Positioned, so the table's screen-reader-only texts scroll with it, not with the page.
    <div className="relative mt-2 overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Who registered for {title}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-0.5 pr-1 font-semibold">
              Name
            </th>
            <th scope="col" className="py-0.5 pr-1 font-semibold">
              Email
            </th>
            <th scope="col" className="py-0.5 pr-1 text-right font-semibold">
              Seats
            </th>
            <th scope="col" className="py-0.5 pr-1 font-semibold">
              Registered
            </th>
            <th scope="col" className="py-0.5 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {registrations.map((r) => (
            <tr key={r.ID} className="border-b border-line/60">
              <td className="py-0.5 pr-1">
                <Link
                  to={`/admin/leads?lead=${encodeURIComponent(r.leadId)}`}
                  // 24 px tall at least (WCAG 2.5.8): short names in rows one above the other.
                  className="inline-flex min-h-3 items-center font-semibold text-accent-strong underline underline-offset-4"
                >
                  {r.firstName} {r.lastName}
                </Link>
              </td>
              <td className="py-0.5 pr-1 break-all">{r.email}</td>
              <td className="py-0.5 pr-1 text-right tabular-nums">{r.seats}</td>
              <td className="py-0.5 pr-1 whitespace-nowrap">
                {formatDateTime(r.createdAt, timeZone)}
              </td>
              <td className="py-0.5 text-right">
                <button
                  type="button"
                  onClick={() => onCancel(r)}
                  aria-label={`Cancel ${r.firstName} ${r.lastName}'s registration…`}
                  className={buttonClass("secondary", "sm")}
                >
                  Cancel…
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
