import { type LeadRecord, statusLabel } from "../../../domain/lead-record.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { NewReplyBadge } from "../conversation/new-reply-badge.tsx";
import { detailsId, nameId, rowButtonId } from "../lead/dom-ids.ts";
import { OwnerBadge } from "../lead/owner-badge.tsx";
import { FollowUpBadge } from "./follow-up.tsx";
import { LeadDetails } from "./lead-details.tsx";
import { Waiting } from "./lead-timing.tsx";
import type { LeadPickProps, LeadViewProps } from "./lead-view-props.ts";
import { SaveMessage } from "./save-message.tsx";
import { StatusControls, useLeadStatuses } from "./status-controls.tsx";

/** Controls in the row; the rest live in the details. */
const rowControls = new Set(["comm", "lead"]);

/** Where the lead came from, in one line for the row's tooltip. */
export function originLine(lead: LeadRecord): string {
  const from = [
    lead.Source ? `Source: ${lead.Source}${lead.Referrer ? ` (${lead.Referrer})` : ""}` : "",
    lead.SourcePage ? `Sent from ${lead.SourcePage}` : "",
  ].filter(Boolean);
  return from.join(" · ");
}

/**
 * One lead as a compact row, at every width. At a desk (≥ 1024 px): a checkbox for bulk
 * updates, the name, address and first line of the message (a button that opens the details
 * in a pane beside the list), the follow-up or waiting time, and the two status selects. On a
 * phone: a 44 px checkbox and one button with the name, the due or waiting badge, both
 * statuses and the message's first line, a tenth of a card's height; its details open under
 * it, in place, and close back to it. The details follow the row in the page either way, so
 * they come next for a screen reader and in tab order.
 */
export function LeadRow({
  lead,
  listKey,
  message,
  offer,
  selected,
  onSelect,
  open,
  dense,
  onOpen,
  onClose,
  onOffer,
  onMessage,
  actions,
}: LeadViewProps &
  LeadPickProps & {
    /** Its details are showing. */
    open: boolean;
    /** The desk's workspace: selects in the row, details in a pane. */
    dense: boolean;
    onOpen: () => void;
    onClose: () => void;
  }) {
  const clock = useOwnerClock();
  const statuses = useLeadStatuses(lead, listKey);
  const name = fullName(lead);
  const firstLine = lead.Message.split(/\r?\n/).find((line) => line.trim()) ?? "";
  const rowMessage = message && rowControls.has(message.control ?? "") ? message : undefined;
  const badge = lead.ReplyUnreadAt ? (
    <NewReplyBadge />
  ) : lead.NextFollowUp ? (
    <FollowUpBadge date={lead.NextFollowUp} today={clock.today} />
  ) : (
    <Waiting lead={lead} clock={clock} />
  );
  const pick = (
    <input
      type="checkbox"
      checked={selected}
      onClick={onSelect}
      onChange={() => undefined}
      aria-label={`Select ${name}`}
      className="pick justify-self-center"
      data-lead-check
    />
  );
  const details = open ? (
    <LeadDetails
      lead={lead}
      listKey={listKey}
      clock={clock}
      dense={dense}
      statuses={statuses}
      onClose={onClose}
      message={
        dense ? (message && !rowControls.has(message.control ?? "") ? message : undefined) : message
      }
      offer={offer}
      onOffer={onOffer}
      onMessage={onMessage}
      actions={actions}
    />
  ) : null;
  return (
    <li className="border-b border-line last:border-b-0">
      <article
        aria-labelledby={nameId(listKey, lead.ID)}
        data-lead-id={lead.ID}
        data-list-key={listKey}
      >
        {dense ? (
          <div
            className={`grid grid-cols-[1.75rem_minmax(0,1fr)_auto_8.75rem_7.75rem] items-center gap-x-1 px-1 py-[5px] transition-colors ${
              open
                ? "bg-[#fff1e8] shadow-[inset_3px_0_0_var(--color-accent-strong)]"
                : "hover:bg-paper-dim/60"
            }`}
          >
            {pick}
            <button
              id={rowButtonId(listKey, lead.ID)}
              type="button"
              onClick={onOpen}
              aria-expanded={open}
              aria-controls={open ? detailsId(listKey, lead.ID) : undefined}
              title={originLine(lead) || undefined}
              className="min-w-0 rounded-sm text-left leading-snug"
              data-lead-nav
            >
              {/* The name gives way to nothing: the address shrinks and is cut first. */}
              <span className="flex min-w-0 items-baseline gap-1">
                <span
                  id={nameId(listKey, lead.ID)}
                  className="max-w-full shrink-0 truncate font-bold"
                >
                  {name}
                </span>
                {open ? null : (
                  <span className="min-w-0 truncate text-sm text-muted">{lead.Email}</span>
                )}
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
            <span className="flex items-center gap-0.5 justify-self-end">
              {open ? null : badge}
              <OwnerBadge lead={lead} />
            </span>
            <StatusControls lead={lead} listKey={listKey} statuses={statuses} variant="row" />
            {/* Said beside the row, under its selects; takes no room until it says something. */}
            <div className="col-span-5 text-right [&_p]:pb-0.5">
              <SaveMessage message={rowMessage} listKey={listKey} compact />
            </div>
          </div>
        ) : (
          <div
            className={`grid grid-cols-[44px_minmax(0,1fr)] items-center pr-1 ${
              open ? "bg-[#fff1e8] shadow-[inset_3px_0_0_var(--color-accent-strong)]" : ""
            }`}
          >
            {pick}
            <button
              id={rowButtonId(listKey, lead.ID)}
              type="button"
              onClick={open ? onClose : onOpen}
              aria-expanded={open}
              aria-controls={open ? detailsId(listKey, lead.ID) : undefined}
              title={originLine(lead) || undefined}
              className="grid min-h-[44px] min-w-0 gap-y-px rounded-sm py-0.5 text-left leading-snug"
              data-lead-nav
            >
              <span className="flex min-w-0 items-center justify-between gap-1">
                <span id={nameId(listKey, lead.ID)} className="min-w-0 truncate font-bold">
                  {name}
                </span>
                <span className="flex shrink-0 items-center gap-0.5 text-xs [&_span]:text-xs">
                  {badge}
                  <OwnerBadge lead={lead} />
                </span>
              </span>
              <span className="flex min-w-0 items-baseline gap-0.5 text-sm">
                <span className="shrink-0 font-semibold text-ink-soft">
                  {statusLabel(lead.CommStatus)} · {statusLabel(lead.LeadStatus)}
                </span>
                <span className="min-w-0 truncate text-muted">
                  {firstLine ? `— ${firstLine}` : "— No message."}
                </span>
              </span>
            </button>
          </div>
        )}
        {details}
      </article>
    </li>
  );
}
