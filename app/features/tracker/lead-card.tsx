import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { cardId, nameId } from "./dom-ids.ts";
import { FollowUpBadge } from "./follow-up.tsx";
import { LeadActions } from "./lead-actions.tsx";
import { LeadFollowUp } from "./lead-follow-up.tsx";
import { LeadHistory } from "./lead-history.tsx";
import { LeadMessageText } from "./lead-message.tsx";
import { LeadOrigin } from "./lead-origin.tsx";
import { Arrived, Waiting } from "./lead-timing.tsx";
import type { LeadPickProps, LeadViewProps } from "./lead-view-props.ts";
import { NotesForm } from "./notes-form.tsx";
import { ReplyLinks } from "./reply-links.tsx";
import { SaveMessage } from "./save-message.tsx";
import { StatusControls, useLeadStatuses } from "./status-controls.tsx";

/**
 * One lead as a card, for phones and narrow windows: its details, the two status selects
 * (each change saves, never on first display), its next follow-up date, and the notes with
 * their own Submit. Everything saves through the page's lead saves.
 */
export function LeadCard({
  lead,
  listKey,
  message,
  offer,
  selected,
  onSelect,
  onOffer,
  onMessage,
  actions,
}: LeadViewProps & LeadPickProps) {
  const clock = useOwnerClock();
  const statuses = useLeadStatuses(lead, listKey);
  const name = fullName(lead);
  return (
    <article
      aria-labelledby={nameId(listKey, lead.ID)}
      className="rounded-sm border border-line bg-white/70 p-2 outline-accent-strong focus-visible:outline-2 sm:p-3"
      id={cardId(listKey, lead.ID)}
      data-lead-id={lead.ID}
      data-list-key={listKey}
      // j and k move from card to card.
      tabIndex={-1}
      data-lead-nav
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
          <input
            type="checkbox"
            checked={selected}
            onClick={onSelect}
            onChange={() => undefined}
            aria-label={`Select ${name}`}
            className="size-3 accent-ink"
          />
          <h3 id={nameId(listKey, lead.ID)} className="text-lg font-bold break-words">
            {name}
          </h3>
          {lead.NextFollowUp ? (
            <FollowUpBadge date={lead.NextFollowUp} today={clock.today} />
          ) : null}
          <Waiting lead={lead} clock={clock} />
        </div>
        <p className="text-sm text-muted">
          <Arrived lead={lead} clock={clock} />
        </p>
      </div>
      <div className="mt-0.5">
        <ReplyLinks
          lead={lead}
          listKey={listKey}
          clock={clock}
          onMarkReplied={() => statuses.saveComm("REPLIED")}
        />
      </div>
      <div className="mt-1">
        <LeadMessageText lead={lead} />
      </div>

      <div className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_14rem_1fr]">
        <StatusControls lead={lead} listKey={listKey} statuses={statuses} variant="card" />
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
        <NotesForm lead={lead} listKey={listKey} className="sm:col-span-2 lg:col-span-1" />
      </div>
      <div className="mt-1">
        <SaveMessage message={message} listKey={listKey} />
      </div>
      <div className="mt-1">
        <LeadOrigin lead={lead} />
      </div>
      <LeadHistory leadId={lead.ID} />
      <LeadActions lead={lead} {...actions} />
    </article>
  );
}
