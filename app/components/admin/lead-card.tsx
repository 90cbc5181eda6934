import { useEffect, useRef, useState } from "react";
import * as z from "zod/mini";
import { addWorkingDays, type CalendarDate, waitedFor } from "../../../domain/dates.ts";
import { mailtoHref } from "../../../domain/email.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import {
  type CommStatus,
  commStatuses,
  type LeadChanges,
  type LeadRecord,
  type LeadStatus,
  type LeadUpdateBody,
  leadConflict,
  leadStatuses,
  leadTexts,
} from "../../../domain/leads.ts";
import { limits } from "../../../domain/limits.ts";
import { site } from "../../../domain/site.ts";
import { authPost } from "../../session/api.ts";
import { compactFieldClass } from "../form-fields.tsx";
import { buttonClass } from "../layout.tsx";
import { FollowUpBadge, FollowUpField, FollowUpOffer } from "./follow-up.tsx";
import { formatDateTime } from "./format.ts";
import { LeadHistory } from "./lead-history.tsx";
import { useOwnerClock } from "./owner-clock.tsx";

/** What to say beside a lead, and in which list's card (a lead can show in two at once). */
export type LeadMessage = { kind: "success" | "error"; text: string; where?: string };
export type LeadControl = "comm" | "lead" | "notes" | "date" | "reply";

/** What a save came to: the lead as the server now has it, and what to say beside it. */
export type SaveOutcome = {
  lead: LeadRecord;
  message: LeadMessage;
  control: LeadControl;
  /** The list the card that saved it sits in. */
  listKey: string;
};

/** A control's id: a lead can show in two lists at once (Due, and its own), so the list is in it. */
export const controlId = (listKey: string, leadId: string, control: LeadControl) =>
  `lead-${listKey}-${leadId}-${control}`;

/** Statuses after which a next step is usually due: replying, or a conversation under way. */
const inConversation = new Set<CommStatus>(["REPLIED", "CONVERSING"]);

/**
 * The visitor's address with a reply ready: a subject, and their message quoted (RFC 6068:
 * every part percent-encoded, line breaks as CRLF).
 */
function replyHref(lead: LeadRecord, timeZone: string): string {
  const quoted = lead.Message.split(/\r?\n/).map((line) => `> ${line}`);
  const when = lead.CreatedAt ? `On ${formatDateTime(lead.CreatedAt, timeZone)}, ` : "";
  const body = [
    "",
    "",
    `${when}${`${lead.FirstName} ${lead.LastName}`.trim()} wrote:`,
    ...quoted,
  ].join("\r\n");
  const subject = `Re: your enquiry to ${site.name}`;
  return `${mailtoHref(lead.Email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * One lead: its details, the two status selects (each change saves at once, never on first
 * display), its next follow-up date and the notes with their own Submit. Saves run one after
 * another, each based on the version the previous one returned, so quick changes never trip
 * over each other.
 */
export function LeadCard({
  lead,
  listKey,
  message,
  offer,
  onSaved,
  onMessage,
  onOffer,
}: {
  lead: LeadRecord;
  listKey: string;
  message: LeadMessage | undefined;
  /** A follow-up date the page suggests for this lead after a reply (kept when it moves). */
  offer: CalendarDate | undefined;
  onSaved: (outcome: SaveOutcome) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
}) {
  const clock = useOwnerClock();
  const [comm, setComm] = useState<CommStatus>(lead.CommStatus);
  const [leadStatus, setLeadStatus] = useState<LeadStatus>(lead.LeadStatus);
  const [notes, setNotes] = useState(lead.Notes);
  /** After "Reply by e-mail": the card offers to mark the lead REPLIED. */
  const [replyStarted, setReplyStarted] = useState(false);
  const latest = useRef(lead);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const id = (control: LeadControl) => controlId(listKey, lead.ID, control);

  // A newer version from outside (a move, a reload after a conflict) replaces what is shown.
  useEffect(() => {
    latest.current = lead;
    setComm(lead.CommStatus);
    setLeadStatus(lead.LeadStatus);
    setNotes(lead.Notes);
  }, [lead]);

  function save(changes: LeadChanges, control: LeadControl) {
    onMessage(lead.ID, undefined);
    queue.current = queue.current.then(async () => {
      const base = latest.current;
      const result = await authPost(
        endpoints.updateLead,
        {
          ID: base.ID,
          CommStatus: base.CommStatus,
          LeadStatus: base.LeadStatus,
          Notes: base.Notes,
          ...changes,
          UpdatedAt: base.UpdatedAt,
        } satisfies LeadUpdateBody,
        { params: { id: base.ID } },
      );
      const saved = result.ok || (result.unexpected && result.status < 300);
      if (saved) {
        // The server's copy when it sends one; otherwise ours, with the changes made (the
        // spec promises only the message). Without its UpdatedAt the next save is not
        // checked for conflicts, rather than refused by one that never happened.
        const lead = (result.ok && result.data.lead) || {
          ...base,
          ...changes,
          UpdatedAt: undefined,
        };
        latest.current = lead;
        const text = (result.ok && result.data.message) || leadTexts.saved;
        if (control === "comm" && inConversation.has(lead.CommStatus) && !lead.NextFollowUp)
          onOffer(lead.ID, addWorkingDays(clock.today, 3));
        if (control === "date" || lead.NextFollowUp) onOffer(lead.ID, null);
        if (lead.CommStatus === "REPLIED") setReplyStarted(false);
        onSaved({ lead, control, listKey, message: { kind: "success", text } });
        return;
      }
      const conflict = result.status === 409 ? z.safeParse(leadConflict, result.data) : null;
      if (conflict?.success) {
        // Someone else saved first: show their version, say so, keep nothing of ours.
        const current = conflict.data.lead;
        latest.current = current;
        const text = conflict.data.message || leadTexts.changedSince;
        onSaved({ lead: current, control, listKey, message: { kind: "error", text } });
        return;
      }
      // Failed: show the saved values again, and why (spec section 8's default).
      setComm(base.CommStatus);
      setLeadStatus(base.LeadStatus);
      onMessage(base.ID, {
        kind: "error",
        text: result.error ?? leadTexts.failed,
        where: listKey,
      });
    });
  }

  const name = `${lead.FirstName} ${lead.LastName}`.trim();
  const headingId = `lead-${listKey}-${lead.ID}-name`;
  const waiting = lead.CommStatus === "UNREAD" && lead.CreatedAt;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-sm border border-line bg-white/70 p-2 sm:p-3"
      data-lead-id={lead.ID}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
          <h3 id={headingId} className="text-lg font-bold break-words">
            {name}
          </h3>
          {lead.NextFollowUp ? (
            <FollowUpBadge date={lead.NextFollowUp} today={clock.today} />
          ) : null}
          {waiting ? (
            <span className="text-sm font-semibold text-muted" data-waiting>
              Waiting {waitedFor(lead.CreatedAt ?? "", clock.now)}
            </span>
          ) : null}
        </div>
        <p className="text-sm text-muted">
          {lead.CreatedAt ? (
            <>
              Arrived{" "}
              <time dateTime={lead.CreatedAt}>
                {formatDateTime(lead.CreatedAt, clock.timeZone)}
              </time>
            </>
          ) : null}
          {lead.ContactedUs ? `${lead.CreatedAt ? " · v" : "V"}ia the contact form` : ""}
        </p>
      </div>
      <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <a
          href={mailtoHref(lead.Email)}
          className="font-semibold break-all text-accent-strong underline underline-offset-4"
        >
          {lead.Email}
        </a>
        <a
          id={id("reply")}
          href={replyHref(lead, clock.timeZone)}
          onClick={() => setReplyStarted(true)}
          className="text-sm font-semibold text-ink underline underline-offset-4"
        >
          Reply by e-mail
        </a>
      </p>
      {/* Always present, so the prompt is announced when it appears. */}
      <div aria-live="polite">
        {replyStarted && comm !== "REPLIED" ? (
          <div className="mt-1 flex flex-wrap items-center gap-1 rounded-sm border border-line bg-paper-dim/70 px-1.5 py-1 text-sm">
            <p className="font-semibold">Sent your reply?</p>
            <button
              type="button"
              onClick={() => {
                setComm("REPLIED");
                save({ CommStatus: "REPLIED" }, "comm");
              }}
              className={buttonClass("primary", "sm")}
            >
              Mark as replied
            </button>
            <button
              type="button"
              onClick={() => {
                setReplyStarted(false);
                document.getElementById(id("reply"))?.focus();
              }}
              className={buttonClass("secondary", "sm")}
            >
              Not yet
            </button>
          </div>
        ) : null}
      </div>
      {lead.Message ? (
        <p className="mt-1 max-w-3xl whitespace-pre-line break-words">{lead.Message}</p>
      ) : (
        <p className="mt-1 text-muted">No message.</p>
      )}

      <div className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_14rem_1fr]">
        <StatusSelect
          id={id("comm")}
          label="Communication status"
          value={comm}
          options={commStatuses}
          onChange={(value) => {
            setComm(value);
            save({ CommStatus: value }, "comm");
          }}
        />
        <StatusSelect
          id={id("lead")}
          label="Lead status"
          value={leadStatus}
          options={leadStatuses}
          onChange={(value) => {
            setLeadStatus(value);
            save({ LeadStatus: value }, "lead");
          }}
        />
        <FollowUpField
          id={id("date")}
          value={lead.NextFollowUp ?? null}
          today={clock.today}
          onSave={(date) => save({ NextFollowUp: date }, "date")}
          onInvalid={(text) => onMessage(lead.ID, { kind: "error", text, where: listKey })}
        />
        <form
          className="sm:col-span-2 lg:col-span-1"
          onSubmit={(event) => {
            event.preventDefault();
            save({ Notes: notes }, "notes");
          }}
        >
          <label htmlFor={id("notes")} className="text-sm font-semibold">
            Notes
          </label>
          <div className="mt-0.5 flex items-start gap-1">
            <textarea
              id={id("notes")}
              value={notes}
              rows={2}
              maxLength={limits.notes}
              onChange={(event) => setNotes(event.target.value)}
              className={`${compactFieldClass} min-h-5 resize-y`}
            />
            <button type="submit" className={buttonClass("primary", "sm")}>
              Submit
            </button>
          </div>
        </form>
      </div>
      <div aria-live="polite">
        {offer && !lead.NextFollowUp ? (
          <FollowUpOffer
            date={offer}
            onAccept={() => {
              save({ NextFollowUp: offer }, "date");
              document.getElementById(id("date"))?.focus();
            }}
            onDismiss={() => {
              onOffer(lead.ID, null);
              document.getElementById(id("date"))?.focus();
            }}
          />
        ) : null}
      </div>
      <div aria-live="polite" aria-atomic="true" className="mt-1 min-h-3 text-sm font-semibold">
        {message && (message.where ?? listKey) === listKey ? (
          <p className={message.kind === "success" ? "text-success" : "text-error"}>
            {message.text}
          </p>
        ) : null}
      </div>
      <LeadHistory leadId={lead.ID} />
    </article>
  );
}

/** A labelled status select; `onChange` runs on the person's change only, never on display. */
function StatusSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        className={`${compactFieldClass} font-semibold`}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
