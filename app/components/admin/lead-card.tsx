import { useEffect, useRef, useState } from "react";
import * as z from "zod/mini";
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
import { authPost } from "../../session/api.ts";
import { compactFieldClass } from "../form-fields.tsx";
import { buttonClass } from "../layout.tsx";
import { formatDateTime } from "./format.ts";
import { LeadHistory } from "./lead-history.tsx";

export type LeadMessage = { kind: "success" | "error"; text: string };
export type LeadControl = "comm" | "lead" | "notes";

/** What a save came to: the lead as the server now has it, and what to say beside it. */
export type SaveOutcome = { lead: LeadRecord; message: LeadMessage; control: LeadControl };

export const controlId = (leadId: string, control: LeadControl) => `lead-${leadId}-${control}`;

/**
 * One lead: its details, the two status selects (each change saves at once, never on first
 * display) and the notes with their own Submit. Saves run one after another, each based on
 * the version the previous one returned, so quick changes never trip over each other.
 */
export function LeadCard({
  lead,
  message,
  onSaved,
  onMessage,
}: {
  lead: LeadRecord;
  message: LeadMessage | undefined;
  onSaved: (outcome: SaveOutcome) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
}) {
  const [comm, setComm] = useState<CommStatus>(lead.CommStatus);
  const [leadStatus, setLeadStatus] = useState<LeadStatus>(lead.LeadStatus);
  const [notes, setNotes] = useState(lead.Notes);
  const latest = useRef(lead);
  const queue = useRef<Promise<void>>(Promise.resolve());

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
        onSaved({ lead, control, message: { kind: "success", text } });
        return;
      }
      const conflict = result.status === 409 ? z.safeParse(leadConflict, result.data) : null;
      if (conflict?.success) {
        // Someone else saved first: show their version, say so, keep nothing of ours.
        const current = conflict.data.lead;
        latest.current = current;
        const text = conflict.data.message || leadTexts.changedSince;
        onSaved({ lead: current, control, message: { kind: "error", text } });
        return;
      }
      // Failed: show the saved values again, and why (spec section 8's default).
      setComm(base.CommStatus);
      setLeadStatus(base.LeadStatus);
      onMessage(base.ID, { kind: "error", text: result.error ?? leadTexts.failed });
    });
  }

  const name = `${lead.FirstName} ${lead.LastName}`.trim();
  const headingId = `lead-${lead.ID}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-sm border border-line bg-white/70 p-2 sm:p-3"
      data-lead-id={lead.ID}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <h3 id={headingId} className="text-lg font-bold break-words">
          {name}
        </h3>
        <p className="text-sm text-muted">
          {lead.CreatedAt ? (
            <>
              Arrived <time dateTime={lead.CreatedAt}>{formatDateTime(lead.CreatedAt)}</time>
            </>
          ) : null}
          {lead.ContactedUs ? `${lead.CreatedAt ? " · v" : "V"}ia the contact form` : ""}
        </p>
      </div>
      <p className="mt-0.5">
        <a
          href={mailtoHref(lead.Email)}
          className="font-semibold break-all text-accent-strong underline underline-offset-4"
        >
          {lead.Email}
        </a>
      </p>
      {lead.Message ? (
        <p className="mt-1 max-w-3xl whitespace-pre-line break-words">{lead.Message}</p>
      ) : (
        <p className="mt-1 text-muted">No message.</p>
      )}

      <div className="mt-2 grid gap-1.5 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_1fr]">
        <StatusSelect
          id={controlId(lead.ID, "comm")}
          label="Communication status"
          value={comm}
          options={commStatuses}
          onChange={(value) => {
            setComm(value);
            save({ CommStatus: value }, "comm");
          }}
        />
        <StatusSelect
          id={controlId(lead.ID, "lead")}
          label="Lead status"
          value={leadStatus}
          options={leadStatuses}
          onChange={(value) => {
            setLeadStatus(value);
            save({ LeadStatus: value }, "lead");
          }}
        />
        <form
          className="sm:col-span-2 lg:col-span-1"
          onSubmit={(event) => {
            event.preventDefault();
            save({ Notes: notes }, "notes");
          }}
        >
          <label htmlFor={controlId(lead.ID, "notes")} className="text-sm font-semibold">
            Notes
          </label>
          <div className="mt-0.5 flex items-start gap-1">
            <textarea
              id={controlId(lead.ID, "notes")}
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
      <div aria-live="polite" aria-atomic="true" className="mt-1 min-h-3 text-sm font-semibold">
        {message ? (
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
