import { waitedFor } from "../../../domain/dates.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import type { OwnerClock } from "../../components/admin/owner-clock.tsx";

/** "Waiting 3 h" on an unread lead, kept current by the owner's clock. */
export function Waiting({ lead, clock }: { lead: LeadRecord; clock: OwnerClock }) {
  if (lead.CommStatus !== "UNREAD" || !lead.CreatedAt) return null;
  return (
    <span className="text-sm font-semibold whitespace-nowrap text-muted" data-waiting>
      Waiting {waitedFor(lead.CreatedAt, clock.now)}
    </span>
  );
}

/** When it arrived, and how. */
export function Arrived({ lead, clock }: { lead: LeadRecord; clock: OwnerClock }) {
  return (
    <>
      {lead.CreatedAt ? (
        <>
          Arrived{" "}
          <time dateTime={lead.CreatedAt}>{formatDateTime(lead.CreatedAt, clock.timeZone)}</time>
        </>
      ) : null}
      {lead.ContactedUs ? `${lead.CreatedAt ? " · v" : "V"}ia the contact form` : ""}
    </>
  );
}
