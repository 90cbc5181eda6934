import type { LeadRecord } from "../../../domain/lead-record.ts";
import {
  ownerInitials,
  ownerName,
  useLeadOwners,
  useOwnerOf,
} from "../../components/admin/lead-owners.tsx";

/**
 * Whose lead it is, at a glance: the owner's initials in a small circle (the signed-in
 * person's own in the accent colour), named in full for a screen reader and on hover; nothing
 * for a lead that is no one's.
 */
export function OwnerBadge({ lead }: { lead: Pick<LeadRecord, "AssignedTo"> }) {
  const { me } = useLeadOwners();
  const owner = useOwnerOf(lead.AssignedTo);
  if (!lead.AssignedTo) return null;
  const name = owner ? ownerName(owner) : "a former member";
  const mine = lead.AssignedTo === me;
  return (
    <span
      title={mine ? "Yours" : `${name}'s`}
      className={`inline-grid size-3 shrink-0 place-items-center rounded-full text-[0.6875rem] leading-none font-bold ${
        mine ? "bg-accent-strong text-white" : "border border-line bg-paper-dim text-ink-soft"
      }`}
    >
      <span aria-hidden="true">{owner ? ownerInitials(owner) : "?"}</span>
      <span className="sr-only">{mine ? "Owner: you" : `Owner: ${name}`}</span>
    </span>
  );
}
