import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { detailsId, nameId, rowButtonId } from "./dom-ids.ts";
import { FollowUpBadge } from "./follow-up.tsx";
import { LeadDetails } from "./lead-details.tsx";
import { Waiting } from "./lead-timing.tsx";
import type { LeadPickProps, LeadViewProps } from "./lead-view-props.ts";
import { SaveMessage } from "./save-message.tsx";
import { StatusControls, useLeadStatuses } from "./status-controls.tsx";

/** Controls in the row; the rest live in the details. */
const rowControls = new Set(["comm", "lead"]);

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
  selected,
  onSelect,
  open,
  onOpen,
  onOffer,
  onMessage,
  actions,
}: LeadViewProps &
  LeadPickProps & {
    /** Its details are in the pane. */
    open: boolean;
    onOpen: () => void;
  }) {
  const clock = useOwnerClock();
  const statuses = useLeadStatuses(lead, listKey);
  const name = fullName(lead);
  const firstLine = lead.Message.split(/\r?\n/).find((line) => line.trim()) ?? "";
  const rowMessage = message && rowControls.has(message.control ?? "") ? message : undefined;
  return (
    <li className="border-b border-line last:border-b-0">
      <article
        aria-labelledby={nameId(listKey, lead.ID)}
        data-lead-id={lead.ID}
        data-list-key={listKey}
      >
        <div
          className={`grid grid-cols-[1.75rem_minmax(0,1fr)_auto_8.75rem_7.75rem] items-center gap-x-1 px-1 py-[5px] transition-colors ${
            open
              ? "bg-[#fff1e8] shadow-[inset_3px_0_0_var(--color-accent-strong)]"
              : "hover:bg-paper-dim/60"
          }`}
        >
          <input
            type="checkbox"
            checked={selected}
            onClick={onSelect}
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
              <span id={nameId(listKey, lead.ID)} className="truncate font-bold">
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
          <StatusControls lead={lead} listKey={listKey} statuses={statuses} variant="row" />
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
