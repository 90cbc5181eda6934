import { useEffect, useState } from "react";
import type { CalendarDate } from "../../../domain/dates.ts";
import {
  type CommStatus,
  commStatuses,
  type LeadRecord,
  type LeadStatus,
  leadStatuses,
} from "../../../domain/lead-record.ts";
import { FollowUpBadge } from "./follow-up.tsx";
import { LeadActions, type LeadActionsProps } from "./lead-actions.tsx";
import { LeadHistory } from "./lead-history.tsx";
import {
  Arrived,
  FollowUp,
  fullName,
  LeadMessageText,
  LeadSource,
  NotesForm,
  ReplyLinks,
  SaveMessage,
  statusLabels,
  Waiting,
} from "./lead-parts.tsx";
import { controlId, type LeadMessage, useLeadSavesContext } from "./lead-saves.tsx";
import { useOwnerClock } from "./owner-clock.tsx";
import { StatusSelect } from "./status-select.tsx";

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
}: {
  lead: LeadRecord;
  listKey: string;
  message: LeadMessage | undefined;
  /** A follow-up date the page suggests for this lead after a reply (kept when it moves). */
  offer: CalendarDate | undefined;
  /** Picked for a bulk update. */
  selected: boolean;
  onSelect: (event: React.MouseEvent<HTMLInputElement>) => void;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  actions: Omit<LeadActionsProps, "lead">;
}) {
  const clock = useOwnerClock();
  const saves = useLeadSavesContext();
  const [comm, setComm] = useState<CommStatus>(lead.CommStatus);
  const [leadStatus, setLeadStatus] = useState<LeadStatus>(lead.LeadStatus);
  const id = (control: Parameters<typeof controlId>[2]) => controlId(listKey, lead.ID, control);

  // A newer version from outside (a move, a reload after a conflict) replaces what is shown.
  useEffect(() => {
    setComm(lead.CommStatus);
    setLeadStatus(lead.LeadStatus);
  }, [lead]);

  const name = fullName(lead);
  const headingId = `lead-${listKey}-${lead.ID}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-sm border border-line bg-white/70 p-2 outline-accent-strong focus-visible:outline-2 sm:p-3"
      id={`lead-${listKey}-${lead.ID}-card`}
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
          <h3 id={headingId} className="text-lg font-bold break-words">
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
          onMarkReplied={() => {
            setComm("REPLIED");
            saves.save({ lead, changes: { CommStatus: "REPLIED" }, control: "comm", listKey });
          }}
        />
      </div>
      <div className="mt-1">
        <LeadMessageText lead={lead} />
      </div>

      <div className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_14rem_1fr]">
        <StatusSelect
          id={id("comm")}
          label={statusLabels.comm}
          value={comm}
          options={commStatuses}
          onCommit={(value) => {
            setComm(value);
            saves.save({
              lead,
              changes: { CommStatus: value },
              control: "comm",
              listKey,
              onFailed: (saved) => setComm(saved.CommStatus),
            });
          }}
        />
        <StatusSelect
          id={id("lead")}
          label={statusLabels.lead}
          value={leadStatus}
          options={leadStatuses}
          onCommit={(value) => {
            setLeadStatus(value);
            saves.save({
              lead,
              changes: { LeadStatus: value },
              control: "lead",
              listKey,
              onFailed: (saved) => setLeadStatus(saved.LeadStatus),
            });
          }}
        />
        <div>
          <FollowUp
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
        <LeadSource lead={lead} />
      </div>
      <LeadHistory leadId={lead.ID} />
      <LeadActions lead={lead} {...actions} />
    </article>
  );
}
