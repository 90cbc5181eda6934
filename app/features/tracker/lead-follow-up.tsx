import type { CalendarDate } from "../../../domain/dates.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import type { OwnerClock } from "../../components/admin/owner-clock.tsx";
import { controlId } from "../lead/dom-ids.ts";
import { useLeadSavesContext } from "../lead/lead-saves.tsx";
import type { LeadMessage, ListKey } from "../lead/lead-view.ts";
import { FollowUpField, FollowUpOffer } from "./follow-up.tsx";

/** The next follow-up: the date field with its quick choices, and the offer after a reply. */
export function LeadFollowUp({
  lead,
  listKey,
  clock,
  offer,
  onOffer,
  onMessage,
}: {
  lead: LeadRecord;
  listKey: ListKey;
  clock: OwnerClock;
  offer: CalendarDate | undefined;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
}) {
  const saves = useLeadSavesContext();
  const id = controlId(listKey, lead.ID, "date");
  const save = (date: CalendarDate | null) =>
    saves.save({ lead, changes: { NextFollowUp: date }, control: "date", listKey });
  return (
    <>
      <FollowUpField
        id={id}
        value={lead.NextFollowUp ?? null}
        today={clock.today}
        onSave={save}
        onInvalid={(text) => onMessage(lead.ID, { kind: "error", text, where: listKey })}
      />
      <div aria-live="polite">
        {offer && !lead.NextFollowUp ? (
          <FollowUpOffer
            date={offer}
            onAccept={() => {
              save(offer);
              document.getElementById(id)?.focus();
            }}
            onDismiss={() => {
              onOffer(lead.ID, null);
              document.getElementById(id)?.focus();
            }}
          />
        ) : null}
      </div>
    </>
  );
}
