import { Link } from "react-router";
import type { LeadRecord } from "../../../domain/lead-record.ts";

/** Where the lead came from: its page, the referring site, the campaign; filterable. */
export function LeadOrigin({ lead }: { lead: LeadRecord }) {
  const campaign = [lead.UtmSource, lead.UtmMedium, lead.UtmCampaign].filter(Boolean).join(" · ");
  if (!lead.Source && !lead.SourcePage && !lead.Referrer && !campaign) return null;
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-1 gap-y-0.5 text-sm">
      {lead.Source ? (
        <>
          <dt className="text-muted">Source</dt>
          <dd>
            <Link
              to={`/admin/leads?source=${encodeURIComponent(lead.Source)}`}
              className="inline-flex min-h-[44px] items-center font-semibold text-accent-strong underline underline-offset-4 min-[1024px]:min-h-0"
              aria-label={`${lead.Source}: show every lead from this source`}
            >
              {lead.Source}
            </Link>
          </dd>
        </>
      ) : null}
      {lead.SourcePage ? (
        <>
          <dt className="text-muted">Sent from</dt>
          <dd className="break-all">{lead.SourcePage}</dd>
        </>
      ) : null}
      {lead.Referrer ? (
        <>
          <dt className="text-muted">Referred by</dt>
          <dd className="break-all">{lead.Referrer}</dd>
        </>
      ) : null}
      {campaign ? (
        <>
          <dt className="text-muted">Campaign</dt>
          <dd className="break-words">{campaign}</dd>
        </>
      ) : null}
    </dl>
  );
}
