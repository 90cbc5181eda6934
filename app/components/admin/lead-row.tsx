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
  Waiting,
} from "./lead-parts.tsx";
import { controlId, type LeadMessage, useLeadSavesContext } from "./lead-saves.tsx";
import { type OwnerClock, useOwnerClock } from "./owner-clock.tsx";
import { StatusSelect } from "./status-select.tsx";

/** Controls in the row; the rest live in the details. */
const rowControls = new Set(["comm", "lead"]);

/** The id of a row's main button, which opens the lead's details. */
export const rowButtonId = (listKey: string, leadId: string) => `lead-${listKey}-${leadId}-open`;
export const detailsId = (listKey: string, leadId: string) => `lead-${listKey}-${leadId}-details`;

/**
 * One lead as a compact row of the dense workspace (≥ 1024 px): a checkbox for bulk
 * updates, the name, address and first line of the message (a button that opens the
 * details), the follow-up or waiting time, and the two status selects, which save like the
 * card's. The open lead's details follow the row in the page (so they come next for a screen
 * reader and in tab order) but sit in a pane beside the list.
 */
export function LeadRow({
  lead,
  listKey,
  message,
  offer,
  checked,
  open,
  onCheck,
  onOpen,
  onOffer,
  onMessage,
  actions,
}: {
  lead: LeadRecord;
  listKey: string;
  message: LeadMessage | undefined;
  offer: CalendarDate | undefined;
  /** Picked for a bulk update. */
  checked: boolean;
  /** Its details are in the pane. */
  open: boolean;
  onCheck: (event: React.MouseEvent<HTMLInputElement>) => void;
  onOpen: () => void;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  actions: Omit<LeadActionsProps, "lead">;
}) {
  const clock = useOwnerClock();
  const saves = useLeadSavesContext();
  const [comm, setComm] = useState<CommStatus>(lead.CommStatus);
  const [leadStatus, setLeadStatus] = useState<LeadStatus>(lead.LeadStatus);
  useEffect(() => {
    setComm(lead.CommStatus);
    setLeadStatus(lead.LeadStatus);
  }, [lead]);

  const name = fullName(lead);
  const nameId = `lead-${listKey}-${lead.ID}-name`;
  const firstLine = lead.Message.split(/\r?\n/).find((line) => line.trim()) ?? "";
  const rowMessage = message && rowControls.has(message.control ?? "") ? message : undefined;
  return (
    <li className="border-b border-line last:border-b-0">
      <article aria-labelledby={nameId} data-lead-id={lead.ID} data-list-key={listKey}>
        <div
          className={`grid grid-cols-[1.75rem_minmax(0,1fr)_auto_8.75rem_7.75rem] items-center gap-x-1 px-1 py-[5px] transition-colors ${
            open
              ? "bg-[#fff1e8] shadow-[inset_3px_0_0_var(--color-accent-strong)]"
              : "hover:bg-paper-dim/60"
          }`}
        >
          <input
            type="checkbox"
            checked={checked}
            onClick={onCheck}
            onChange={() => undefined}
            aria-label={`Select ${name}`}
            className="size-2.5 justify-self-center accent-ink"
            data-lead-check
          />
          <button
            id={rowButtonId(listKey, lead.ID)}
            type="button"
            onClick={onOpen}
            aria-expanded={open}
            aria-controls={open ? detailsId(listKey, lead.ID) : undefined}
            className="min-w-0 rounded-sm text-left leading-snug"
            data-lead-nav
          >
            <span className="flex min-w-0 items-baseline gap-1">
              <span id={nameId} className="truncate font-bold">
                {name}
              </span>
              {open ? null : <span className="truncate text-sm text-muted">{lead.Email}</span>}
            </span>
            <span className="block truncate text-sm text-ink-soft">
              {/* The open lead's message, badge and wait are in its details: said once. */}
              {open ? (
                <span className="font-semibold text-accent-strong">Details open →</span>
              ) : (
                firstLine || <span className="text-muted">No message.</span>
              )}
            </span>
          </button>
          <span className="justify-self-end">
            {open ? null : lead.NextFollowUp ? (
              <FollowUpBadge date={lead.NextFollowUp} today={clock.today} />
            ) : (
              <Waiting lead={lead} clock={clock} />
            )}
          </span>
          <StatusSelect
            id={controlId(listKey, lead.ID, "comm")}
            label="Communication status"
            hideLabel
            compact
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
            id={controlId(listKey, lead.ID, "lead")}
            label="Lead status"
            hideLabel
            compact
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
          {/* Said beside the row, under its selects; takes no room until it says something. */}
          <div className="col-span-5 text-right [&_p]:pb-0.5">
            <SaveMessage message={rowMessage} listKey={listKey} compact />
          </div>
        </div>
        {open ? (
          <LeadDetails
            lead={lead}
            listKey={listKey}
            clock={clock}
            message={message && !rowControls.has(message.control ?? "") ? message : undefined}
            offer={offer}
            onOffer={onOffer}
            onMessage={onMessage}
            actions={actions}
          />
        ) : null}
      </article>
    </li>
  );
}

/**
 * The open lead's details, in a pane beside the list: the whole message, how to reply, the
 * follow-up date, notes with Submit, where it came from, its history and what can be done
 * to it. Escape goes back to its row.
 */
function LeadDetails({
  lead,
  listKey,
  clock,
  message,
  offer,
  onOffer,
  onMessage,
  actions,
}: {
  lead: LeadRecord;
  listKey: string;
  clock: OwnerClock;
  message: LeadMessage | undefined;
  offer: CalendarDate | undefined;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  actions: Omit<LeadActionsProps, "lead">;
}) {
  const saves = useLeadSavesContext();
  const headingId = `${detailsId(listKey, lead.ID)}-name`;
  return (
    <section
      id={detailsId(listKey, lead.ID)}
      aria-labelledby={headingId}
      data-lead-details
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        if ((event.target as HTMLElement).closest("dialog")) return;
        event.preventDefault();
        document.getElementById(rowButtonId(listKey, lead.ID))?.focus();
      }}
      className="fixed top-7 right-0 bottom-0 z-20 w-[var(--details-width)] overflow-y-auto overscroll-contain border-l border-line bg-paper px-3 pt-3 pb-6 motion-safe:animate-details-in"
    >
      <div className="flex flex-wrap items-center gap-1">
        <h3 id={headingId} tabIndex={-1} className="text-2xl font-bold break-words outline-none">
          {fullName(lead)}
        </h3>
        {lead.NextFollowUp ? <FollowUpBadge date={lead.NextFollowUp} today={clock.today} /> : null}
        <Waiting lead={lead} clock={clock} />
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
      <div className="mt-2 grid gap-2">
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
        <NotesForm lead={lead} listKey={listKey} rows={4} />
        <SaveMessage message={message} listKey={listKey} />
      </div>
      <div className="mt-1">
        <LeadSource lead={lead} />
      </div>
      <LeadHistory leadId={lead.ID} />
      <LeadActions lead={lead} {...actions} />
    </section>
  );
}
