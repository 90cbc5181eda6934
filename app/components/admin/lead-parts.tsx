import { useEffect, useState } from "react";
import { Link } from "react-router";
import { type CalendarDate, waitedFor } from "../../../domain/dates.ts";
import { mailtoHref } from "../../../domain/email.ts";
import type { LeadRecord } from "../../../domain/lead-record.ts";
import { limits } from "../../../domain/limits.ts";
import { site } from "../../../domain/site.ts";
import { compactFieldClass } from "../form-fields.tsx";
import { buttonClass } from "../layout.tsx";
import { FollowUpField, FollowUpOffer } from "./follow-up.tsx";
import { formatDateTime } from "./format.ts";
import { controlId, type LeadMessage, useLeadSavesContext } from "./lead-saves.tsx";
import type { OwnerClock } from "./owner-clock.tsx";

/**
 * The pieces of a lead that its card (phones) and its details pane (the dense workspace)
 * both show, each saving through the page's lead saves.
 */

/** The owner's words for the spec's two status fields; the values keep the spec's names. */
export const statusLabels = {
  /** Visible "Communication"; read as "Communication status". */
  comm: (
    <>
      Communication<span className="sr-only"> status</span>
    </>
  ),
  /** Visible "Lead temperature"; read with "lead status" too, the field's name in the spec. */
  lead: (
    <>
      Lead temperature<span className="sr-only"> (lead status)</span>
    </>
  ),
};

/**
 * The visitor's address with a reply ready: a subject, and their message quoted (RFC 6068:
 * every part percent-encoded, line breaks as CRLF).
 */
export function replyHref(lead: LeadRecord, timeZone: string): string {
  const quoted = lead.Message.split(/\r?\n/).map((line) => `> ${line}`);
  const when = lead.CreatedAt ? `On ${formatDateTime(lead.CreatedAt, timeZone)}, ` : "";
  const body = ["", "", `${when}${fullName(lead)} wrote:`, ...quoted].join("\r\n");
  const subject = `Re: your enquiry to ${site.name}`;
  return `${mailtoHref(lead.Email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const fullName = (lead: Pick<LeadRecord, "FirstName" | "LastName">) =>
  `${lead.FirstName} ${lead.LastName}`.trim();

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

/**
 * The visitor's address, and "Reply by e-mail" with the reply ready. Once that is used, the
 * lead offers to mark itself REPLIED.
 */
export function ReplyLinks({
  lead,
  listKey,
  clock,
  onMarkReplied,
}: {
  lead: LeadRecord;
  listKey: string;
  clock: OwnerClock;
  onMarkReplied: () => void;
}) {
  const [started, setStarted] = useState(false);
  const replyId = controlId(listKey, lead.ID, "reply");
  useEffect(() => {
    if (lead.CommStatus === "REPLIED") setStarted(false);
  }, [lead.CommStatus]);
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <a
          href={mailtoHref(lead.Email)}
          className="font-semibold break-all text-accent-strong underline underline-offset-4"
        >
          {lead.Email}
        </a>
        <a
          id={replyId}
          href={replyHref(lead, clock.timeZone)}
          onClick={() => setStarted(true)}
          className="text-sm font-semibold text-ink underline underline-offset-4"
        >
          Reply by e-mail
        </a>
      </p>
      {/* Always present, so the prompt is announced when it appears. */}
      <div aria-live="polite">
        {started && lead.CommStatus !== "REPLIED" ? (
          <div className="mt-1 flex flex-wrap items-center gap-1 rounded-sm border border-line bg-paper-dim/70 px-1.5 py-1 text-sm">
            <p className="font-semibold">Sent your reply?</p>
            <button type="button" onClick={onMarkReplied} className={buttonClass("primary", "sm")}>
              Mark as replied
            </button>
            <button
              type="button"
              onClick={() => {
                setStarted(false);
                document.getElementById(replyId)?.focus();
              }}
              className={buttonClass("secondary", "sm")}
            >
              Not yet
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

/** The lead's message, whole. */
export function LeadMessageText({ lead }: { lead: LeadRecord }) {
  return lead.Message ? (
    <p className="max-w-3xl whitespace-pre-line break-words">{lead.Message}</p>
  ) : (
    <p className="text-muted">No message.</p>
  );
}

/** The next follow-up: the date field with its quick choices, and the offer after a reply. */
export function FollowUp({
  lead,
  listKey,
  clock,
  offer,
  onOffer,
  onMessage,
}: {
  lead: LeadRecord;
  listKey: string;
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

/** Notes, saved by the Submit beside them (spec section 2). A draft outlives the view. */
export function NotesForm({
  lead,
  listKey,
  rows = 2,
  className = "",
}: {
  lead: LeadRecord;
  listKey: string;
  rows?: number;
  className?: string;
}) {
  const saves = useLeadSavesContext();
  const [notes, setNotes] = useState(() => saves.drafts.get(lead.ID) ?? lead.Notes);
  const id = controlId(listKey, lead.ID, "notes");
  // Someone's saved notes (ours, or another person's after a conflict) replace the draft.
  useEffect(() => {
    if (!saves.drafts.has(lead.ID)) setNotes(lead.Notes);
  }, [lead.Notes, lead.ID, saves.drafts]);
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        saves.save({ lead, changes: { Notes: notes }, control: "notes", listKey });
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Notes
      </label>
      <div className="mt-0.5 flex items-start gap-1">
        <textarea
          id={id}
          value={notes}
          rows={rows}
          maxLength={limits.notes}
          onChange={(event) => {
            setNotes(event.target.value);
            saves.drafts.set(lead.ID, event.target.value);
          }}
          className={`${compactFieldClass} min-h-5 resize-y`}
        />
        <button type="submit" className={buttonClass("primary", "sm")}>
          Submit
        </button>
      </div>
    </form>
  );
}

/** Where the lead came from: its page, the referring site, the campaign; filterable. */
export function LeadSource({ lead }: { lead: LeadRecord }) {
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
              className="font-semibold text-accent-strong underline underline-offset-4"
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

/** What the last save said, in the view that made it. */
export function SaveMessage({
  message,
  listKey,
  compact = false,
}: {
  message: LeadMessage | undefined;
  listKey: string;
  /** Takes no room until it says something (a row); otherwise a line is kept for it. */
  compact?: boolean;
}) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className={`text-sm font-semibold ${compact ? "" : "min-h-3"}`}
    >
      {message && (message.where ?? listKey) === listKey ? (
        <p className={message.kind === "success" ? "text-success" : "text-error"}>{message.text}</p>
      ) : null}
    </div>
  );
}
