import { useId, useState } from "react";
import { addDays, type CalendarDate } from "../../../domain/dates.ts";
import {
  type CommStatus,
  commStatuses,
  type LeadStatus,
  leadStatuses,
} from "../../../domain/lead-record.ts";
import type { LeadChanges } from "../../../domain/lead-update.ts";
import { rowFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";

const followUpChoices = [
  { value: "", label: "Leave as is" },
  { value: "1", label: "Tomorrow" },
  { value: "3", label: "In 3 days" },
  { value: "7", label: "Next week" },
  { value: "clear", label: "Clear the date" },
] as const;

/**
 * What to do with the leads picked for a bulk update: a communication status, a lead
 * temperature and a follow-up for all of them, applied together in one request when the
 * owner says so (unlike a single lead's selects, a bulk change waits for Apply).
 */
export function BulkBar({
  count,
  today,
  busy,
  onApply,
  onClear,
}: {
  count: number;
  today: CalendarDate;
  busy: boolean;
  onApply: (changes: LeadChanges) => void;
  onClear: () => void;
}) {
  const id = useId();
  const [comm, setComm] = useState<CommStatus | "">("");
  const [lead, setLead] = useState<LeadStatus | "">("");
  const [followUp, setFollowUp] = useState<string>("");
  const [hint, setHint] = useState(false);
  const changes: LeadChanges = {
    ...(comm ? { CommStatus: comm } : {}),
    ...(lead ? { LeadStatus: lead } : {}),
    ...(followUp === "clear"
      ? { NextFollowUp: null }
      : followUp
        ? { NextFollowUp: addDays(today, Number(followUp)) }
        : {}),
  };
  const nothing = Object.keys(changes).length === 0;
  const leads = count === 1 ? "1 lead" : `${count} leads`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      // At the bottom of a phone's screen, under the thumb; under the header on a desk.
      className="fixed inset-x-1 bottom-1 z-20 rounded-sm border border-ink bg-ink px-1.5 py-1 text-paper shadow-lg min-[1024px]:sticky min-[1024px]:inset-x-auto min-[1024px]:top-7 min-[1024px]:bottom-auto min-[1024px]:z-10 min-[1024px]:mt-1"
      aria-describedby={`${id}-how`}
    >
      <form
        className="flex flex-wrap items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          setHint(nothing);
          if (!nothing && !busy) onApply(changes);
        }}
      >
        <h2 id={`${id}-title`} className="mr-1 self-center font-bold">
          {leads} selected
        </h2>
        <p id={`${id}-how`} className="sr-only">
          Choose what to set, then apply it to all of them.
        </p>
        <BulkSelect
          id={`${id}-comm`}
          label="Set communication"
          value={comm}
          onChange={(value) => setComm(value as CommStatus | "")}
          options={commStatuses.map((status) => ({ value: status, label: status }))}
        />
        <BulkSelect
          id={`${id}-lead`}
          label="Set lead temperature"
          value={lead}
          onChange={(value) => setLead(value as LeadStatus | "")}
          options={leadStatuses.map((status) => ({ value: status, label: status }))}
        />
        <BulkSelect
          id={`${id}-date`}
          label="Set next follow-up"
          value={followUp}
          onChange={setFollowUp}
          options={followUpChoices.slice(1).map((choice) => ({ ...choice }))}
        />
        <button
          type="submit"
          aria-disabled={nothing || busy}
          className={`${buttonClass("accent", "sm")} aria-disabled:cursor-not-allowed`}
        >
          {busy ? "Saving…" : `Apply to ${leads}`}
        </button>
        <button
          type="button"
          onClick={onClear}
          className="h-5 rounded-sm px-1 font-semibold text-paper underline underline-offset-4"
        >
          Clear selection
        </button>
      </form>
      <div aria-live="polite" aria-atomic="true" className="text-sm font-semibold">
        {hint && nothing ? (
          <p className="mt-0.5 text-muted-light">Choose what to set first, then apply it.</p>
        ) : null}
      </div>
    </section>
  );
}

function BulkSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="w-[8.5rem]">
      <label htmlFor={id} className="text-xs font-semibold text-muted-light">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${rowFieldClass} font-semibold`}
      >
        <option value="">Leave as is</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
