import { fullName } from "../../components/admin/lead-name.ts";
import type { OwnerClock } from "../../components/admin/owner-clock.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { LeadMeetings } from "../booking/lead-meetings.tsx";
import { LeadConversation } from "../conversation/lead-conversation.tsx";
import { detailsHeadingId, detailsId, rowButtonId } from "../lead/dom-ids.ts";
import { useLeadSavesContext } from "../lead/lead-saves.tsx";
import { OwnerSelect } from "../lead/owner-select.tsx";
import { DealValue } from "../pipeline/deal-value.tsx";
import { FollowUpBadge } from "./follow-up.tsx";
import { LeadActions } from "./lead-actions.tsx";
import { LeadDuplicates } from "./lead-duplicates.tsx";
import { LeadFollowUp } from "./lead-follow-up.tsx";
import { LeadHistory } from "./lead-history.tsx";
import { LeadMessageText } from "./lead-message.tsx";
import { LeadOrigin } from "./lead-origin.tsx";
import { Arrived, Waiting } from "./lead-timing.tsx";
import type { LeadViewProps } from "./lead-view-props.ts";
import { NotesForm } from "./notes-form.tsx";
import { ReplyLinks } from "./reply-links.tsx";
import { SaveMessage } from "./save-message.tsx";
import { type LeadStatuses, StatusControls } from "./status-controls.tsx";

/**
 * The open lead's details, in a pane beside the list: the whole message, how to reply, the
 * follow-up date, notes with Submit, where it came from, its history and what can be done
 * to it. Escape goes back to its row.
 */
export function LeadDetails({
  lead,
  listKey,
  clock,
  dense,
  statuses,
  onClose,
  message,
  offer,
  onOffer,
  onMessage,
  actions,
}: LeadViewProps & {
  clock: OwnerClock;
  /** A pane beside the list (the desk), or in place under the row (a phone). */
  dense: boolean;
  statuses: LeadStatuses;
  /** Close, back to the row (a phone's details; the desk's pane always shows a lead). */
  onClose: () => void;
}) {
  const saves = useLeadSavesContext();
  const backToRow = () => {
    const row = document.getElementById(rowButtonId(listKey, lead.ID));
    row?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: "nearest" });
  };
  return (
    <section
      id={detailsId(listKey, lead.ID)}
      aria-labelledby={detailsHeadingId(listKey, lead.ID)}
      data-lead-details
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        if ((event.target as HTMLElement).closest("dialog")) return;
        event.preventDefault();
        if (!dense) onClose();
        backToRow();
      }}
      className={
        dense
          ? "fixed top-7 right-0 bottom-0 z-20 w-[var(--details-width)] overflow-y-auto overscroll-contain border-l border-line bg-paper px-3 pt-3 pb-6 motion-safe:animate-details-in"
          : "border-t border-line bg-white/70 px-1.5 pt-1.5 pb-2"
      }
    >
      <div className="flex flex-wrap items-center gap-1">
        <h3
          id={detailsHeadingId(listKey, lead.ID)}
          tabIndex={-1}
          className={`${dense ? "text-2xl" : "sr-only"} font-bold break-words outline-none`}
        >
          {fullName(lead)}
        </h3>
        {dense && lead.NextFollowUp ? (
          <FollowUpBadge date={lead.NextFollowUp} today={clock.today} />
        ) : null}
        {dense ? <Waiting lead={lead} clock={clock} /> : null}
      </div>
      <p className="mt-0.5 text-sm text-muted">
        <Arrived lead={lead} clock={clock} />
      </p>
      <div className="mt-1">
        <ReplyLinks
          lead={lead}
          listKey={listKey}
          clock={clock}
          onMarkReplied={() =>
            saves.save({ lead, changes: { CommStatus: "REPLIED" }, control: "comm", listKey })
          }
        />
      </div>
      <div className="mt-2 rounded-sm border border-line bg-white/70 p-1.5">
        <LeadMessageText lead={lead} />
      </div>
      {dense ? null : (
        <div className="mt-2 grid grid-cols-2 gap-1">
          <StatusControls lead={lead} listKey={listKey} statuses={statuses} variant="card" />
        </div>
      )}
      <LeadMeetings leadId={lead.ID} />
      <LeadConversation lead={lead} listKey={listKey} />
      <div className="mt-2 grid gap-2">
        <div>
          <LeadFollowUp
            lead={lead}
            listKey={listKey}
            clock={clock}
            offer={offer}
            onOffer={onOffer}
            onMessage={onMessage}
          />
        </div>
        <div className="grid gap-1 sm:grid-cols-2">
          <OwnerSelect lead={lead} listKey={listKey} />
          <DealValue
            lead={lead}
            listKey={listKey}
            onInvalid={(text) => onMessage(lead.ID, { kind: "error", text, where: listKey })}
          />
        </div>
        <NotesForm lead={lead} listKey={listKey} rows={4} />
        <SaveMessage message={message} listKey={listKey} />
      </div>
      <div className="mt-1">
        <LeadOrigin lead={lead} />
      </div>
      <LeadDuplicates lead={lead} onMerged={actions.onMerged} />
      <LeadHistory leadId={lead.ID} />
      <LeadActions lead={lead} {...actions} />
      {dense ? null : (
        <button
          type="button"
          onClick={() => {
            onClose();
            backToRow();
          }}
          className={`mt-2 w-full ${buttonClass("secondary", "sm")}`}
        >
          Close {fullName(lead)}
        </button>
      )}
    </section>
  );
}
