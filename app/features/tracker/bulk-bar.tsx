import { useEffect, useId, useRef, useState } from "react";
import {
  type CalendarDate,
  type QuickFollowUp,
  quickFollowUpDate,
  quickFollowUps,
} from "../../../domain/dates.ts";
import {
  type CommStatus,
  commStatusesInOrder,
  type LeadStatus,
  leadStatusesInOrder,
  statusLabel,
} from "../../../domain/lead-record.ts";
import type { LeadChanges } from "../../../domain/lead-update.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { ownerName, useLeadOwners } from "../../components/admin/lead-owners.tsx";
import { rowFieldClass } from "../../components/form-fields.tsx";

const followUpChoices = [
  ...quickFollowUps.map((choice) => ({ value: choice.key, label: choice.label })),
  { value: "clear", label: "Clear the date" },
] as const;

/**
 * What to do with the leads picked: a communication status, a lead temperature, a follow-up
 * and an owner for all of them, applied together in one request when the owner says so (unlike a
 * single lead's selects, a bulk change waits for Apply); or, for the junk that gets past the
 * filter, all of them to Spam (with Undo) or erased (after one confirmation naming the count).
 * One line at a desk, sticky under the header; three short rows at a phone's bottom edge, a
 * fifth of its screen at most.
 */
export function BulkBar({
  count,
  today,
  busy,
  onApply,
  onSpam,
  onErase,
  onClear,
}: {
  count: number;
  today: CalendarDate;
  busy: boolean;
  onApply: (changes: LeadChanges) => void;
  onSpam: () => void;
  onErase: () => Promise<void>;
  onClear: () => void;
}) {
  const id = useId();
  const [comm, setComm] = useState<CommStatus | "">("");
  const [lead, setLead] = useState<LeadStatus | "">("");
  const [followUp, setFollowUp] = useState<string>("");
  const [owner, setOwner] = useState<string>("");
  const { me, people } = useLeadOwners();
  const [hint, setHint] = useState(false);
  const [erasing, setErasing] = useState(false);
  const bar = useRef<HTMLElement>(null);
  // The bar's height, for the page to keep its last rows (and the notice) clear of it.
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      document.documentElement.style.setProperty("--bulk-bar-height", `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty("--bulk-bar-height");
    };
  }, []);
  const changes: LeadChanges = {
    ...(comm ? { CommStatus: comm } : {}),
    ...(lead ? { LeadStatus: lead } : {}),
    ...(followUp === "clear"
      ? { NextFollowUp: null }
      : followUp
        ? { NextFollowUp: quickFollowUpDate(today, followUp as QuickFollowUp) }
        : {}),
    ...(owner === "none" ? { AssignedTo: null } : owner ? { AssignedTo: owner } : {}),
  };
  const nothing = Object.keys(changes).length === 0;
  const leads = count === 1 ? "1 lead" : `${count} leads`;
  const smallButton =
    "inline-flex h-[44px] shrink-0 items-center justify-center rounded-sm px-1 text-sm font-bold min-[1024px]:h-[36px]";
  return (
    <section
      ref={bar}
      aria-labelledby={`${id}-title`}
      // At the bottom of a phone's screen, under the thumb; under the header on a desk.
      className="fixed inset-x-1 bottom-1 z-20 rounded-sm border border-ink bg-ink px-1 py-1 text-paper shadow-lg min-[1024px]:sticky min-[1024px]:inset-x-auto min-[1024px]:top-7 min-[1024px]:bottom-auto min-[1024px]:z-10 min-[1024px]:mt-1 min-[1024px]:py-0.5"
      aria-describedby={`${id}-how`}
    >
      <form
        className="grid grid-cols-12 items-center gap-0.5 min-[1024px]:flex min-[1024px]:flex-wrap min-[1024px]:gap-0.5 min-[1440px]:flex-nowrap"
        onSubmit={(event) => {
          event.preventDefault();
          setHint(nothing);
          if (!nothing && !busy) onApply(changes);
        }}
      >
        <div className="col-span-12 flex items-center justify-between gap-1 min-[1024px]:contents">
          <h2 id={`${id}-title`} className="shrink-0 pl-0.5 font-bold whitespace-nowrap">
            {leads} selected
          </h2>
          <button
            type="button"
            onClick={onClear}
            aria-label="Clear selection"
            className={`${smallButton} min-w-[44px] text-xl text-paper hover:bg-ink-line min-[1024px]:order-last min-[1024px]:ml-auto min-[1024px]:min-w-[36px]`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p id={`${id}-how`} className="sr-only">
          Choose what to set, then apply it to all of them; or move them all to Spam, or erase them.
        </p>
        <BulkSelect
          id={`${id}-comm`}
          label="Set communication"
          placeholder="Status"
          value={comm}
          onChange={(value) => setComm(value as CommStatus | "")}
          options={commStatusesInOrder.map((status) => ({
            value: status,
            label: statusLabel(status),
          }))}
        />
        <BulkSelect
          id={`${id}-lead`}
          label="Set lead temperature"
          placeholder="Temperature"
          value={lead}
          onChange={(value) => setLead(value as LeadStatus | "")}
          options={leadStatusesInOrder.map((status) => ({
            value: status,
            label: statusLabel(status),
          }))}
        />
        <BulkSelect
          id={`${id}-date`}
          label="Set next follow-up"
          placeholder="Follow-up"
          value={followUp}
          onChange={setFollowUp}
          options={followUpChoices}
        />
        <BulkSelect
          id={`${id}-owner`}
          label="Give to"
          placeholder="Owner"
          span="col-span-3"
          value={owner}
          onChange={setOwner}
          options={[
            { value: "none", label: "No one" },
            ...people.map((person) => ({
              value: person.id,
              label: `${ownerName(person)}${person.id === me ? " (you)" : ""}`,
            })),
          ]}
        />
        <button
          type="submit"
          aria-disabled={nothing || busy}
          className={`${smallButton} col-span-2 bg-accent text-ink hover:bg-paper aria-disabled:cursor-not-allowed aria-disabled:opacity-70`}
        >
          {busy ? "Saving…" : "Apply"}
          <span className="sr-only"> to {leads}</span>
        </button>
        <button
          type="button"
          onClick={onSpam}
          aria-disabled={busy}
          className={`${smallButton} col-span-4 border border-paper/40 text-paper hover:border-paper`}
        >
          Mark as spam
        </button>
        <button
          type="button"
          onClick={() => setErasing(true)}
          aria-disabled={busy}
          className={`${smallButton} col-span-3 border border-paper/40 text-paper hover:border-paper`}
        >
          Erase…
        </button>
      </form>
      <div aria-live="polite" aria-atomic="true" className="text-sm font-semibold">
        {hint && nothing ? (
          <p className="mt-0.5 text-muted-light">Choose what to set first, then apply it.</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={erasing}
        title={`Erase ${leads}?`}
        text={`This deletes the ${leads} you picked, with their messages, your notes and their history, for good. It cannot be undone. Only a record that they were erased, by you, is kept.`}
        keepLabel="Keep them"
        confirmLabel={busy ? "Erasing…" : `Erase ${leads}`}
        danger
        busy={busy}
        onConfirm={async () => {
          await onErase();
          setErasing(false);
        }}
        onClose={() => setErasing(false)}
      />
    </section>
  );
}

function BulkSelect({
  id,
  label,
  placeholder,
  value,
  options,
  onChange,
  span = "col-span-4",
}: {
  /** Its share of a phone's twelve columns. */
  span?: string;
  id: string;
  label: string;
  /** The field's name, shown in it while it leaves the leads as they are. */
  placeholder: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className={`${span} min-w-0 min-[1024px]:w-[7.25rem] min-[1024px]:shrink-0`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${rowFieldClass} mt-0 font-semibold ${value ? "" : "text-muted"}`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
