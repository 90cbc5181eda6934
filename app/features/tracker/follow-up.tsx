import { useEffect, useRef, useState } from "react";
import {
  addDays,
  type CalendarDate,
  quickFollowUpDate,
  quickFollowUps,
} from "../../../domain/dates.ts";
import {
  followUpHorizonDays,
  isFollowUpDate,
  isWithinHorizon,
} from "../../../domain/lead-update.ts";
import { formatDay } from "../../components/admin/format.ts";
import { StateMark } from "../../components/admin/state-mark.tsx";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";

/** When a follow-up is, as the owner reads it: overdue, today, or a day ahead. */
export type FollowUpState = "overdue" | "today" | "upcoming";

export const followUpState = (date: CalendarDate, today: CalendarDate): FollowUpState =>
  date < today ? "overdue" : date === today ? "today" : "upcoming";

const badgeClass: Record<FollowUpState, string> = {
  overdue: "border-error bg-error-bg text-error-strong",
  today: "border-accent-strong bg-[#fff1e8] text-accent-strong",
  upcoming: "border-line bg-paper-dim text-ink",
};

/**
 * A lead's follow-up, readable without colour: the words say overdue or due today, and the
 * shape of the mark differs too (a triangle, a filled dot, an outlined dot).
 */
export function FollowUpBadge({ date, today }: { date: CalendarDate; today: CalendarDate }) {
  const state = followUpState(date, today);
  const label =
    state === "overdue"
      ? `Overdue · was due ${formatDay(date)}`
      : state === "today"
        ? "Due today"
        : `Follow up ${formatDay(date)}`;
  return (
    <span
      className={`inline-flex items-center gap-0.5 rounded-sm border px-0.5 py-px text-sm font-semibold ${badgeClass[state]}`}
      data-follow-up={state}
    >
      <StateMark state={state} />
      {label}
    </span>
  );
}

/**
 * A quick choice: 44 px tall on a phone's layout, under a thumb (WCAG 2.5.5's size, not just
 * 2.5.8's 24); a compact 28 px in the desk's pane, under a mouse.
 */
const quickChoiceClass =
  "inline-flex min-h-[44px] items-center rounded-sm border border-line bg-white px-1 text-sm font-semibold hover:border-ink min-[1024px]:min-h-[28px] min-[1024px]:px-0.5";

/**
 * The next follow-up date: a labelled date field, and quick choices that save at once. A date
 * typed in the field saves once it is a whole, possible date and the typing pauses (typing a
 * year digit by digit passes through impossible ones, which wait), or on Enter, or when the
 * field is left. A field left half-filled changes nothing: only Clear, or leaving the field
 * wholly empty, clears the date.
 */
export function FollowUpField({
  id,
  value,
  today,
  onSave,
  onInvalid,
}: {
  id: string;
  value: CalendarDate | null;
  today: CalendarDate;
  onSave: (date: CalendarDate | null) => void;
  onInvalid: (message: string) => void;
}) {
  const [draft, setDraft] = useState(value ?? "");
  /** Some parts of the date typed, not all: the field reads as empty, but it is not. */
  const partial = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setDraft(value ?? ""), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const latestAllowed = addDays(today, followUpHorizonDays);

  const commit = (next: string, { fromTyping = false } = {}) => {
    clearTimeout(timer.current);
    if (partial.current || next === (value ?? "")) return;
    // Emptied by typing: wait until the field is left; the person may be retyping it.
    if (next === "") return fromTyping ? undefined : onSave(null);
    if (isFollowUpDate(next) && isWithinHorizon(next, today)) return onSave(next);
    if (!fromTyping) onInvalid("Pick a real date from 2000 up to two years from today.");
  };
  const choose = (date: CalendarDate | null) => {
    partial.current = false;
    setDraft(date ?? "");
    commit(date ?? "");
  };
  const quick = quickFollowUps.map((choice) => ({
    ...choice,
    date: quickFollowUpDate(today, choice.key),
  }));

  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        Next follow-up
      </label>
      <input
        id={id}
        type="date"
        value={draft}
        min="2000-01-01"
        max={latestAllowed}
        onChange={(event) => {
          const next = event.target.value;
          partial.current = event.target.validity.badInput;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next, { fromTyping: true }), 700);
        }}
        onBlur={() => {
          // Half-typed and left: show the saved date again, change nothing.
          if (partial.current) {
            partial.current = false;
            setDraft(value ?? "");
            return;
          }
          commit(draft);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit(draft);
        }}
        className={`${compactFieldClass} font-semibold`}
      />
      <fieldset className="mt-0.5 flex flex-wrap gap-0.5">
        <legend className="sr-only">Quick follow-up dates</legend>
        {quick.map((choice) => (
          <button
            key={choice.key}
            id={`${id}-${choice.key}`}
            type="button"
            onClick={() => choose(choice.date)}
            title={formatDay(choice.date)}
            className={quickChoiceClass}
          >
            {choice.label}
            <span className="sr-only">, {formatDay(choice.date)}</span>
          </button>
        ))}
        <button
          id={`${id}-clear`}
          type="button"
          onClick={() => {
            if (value !== null || draft !== "") choose(null);
          }}
          // Not `disabled`: the button keeps focus after clearing (a disabled one drops it).
          aria-disabled={value === null && draft === ""}
          className={`${quickChoiceClass} border-transparent bg-transparent text-accent-strong underline underline-offset-2 aria-disabled:text-muted aria-disabled:no-underline`}
        >
          Clear
        </button>
      </fieldset>
    </div>
  );
}

/** After a reply, the card offers the next step; the owner decides. */
export function FollowUpOffer({
  date,
  onAccept,
  onDismiss,
}: {
  date: CalendarDate;
  onAccept: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1 rounded-sm border border-line bg-paper-dim/70 px-1.5 py-1 text-sm">
      <p className="font-semibold">Follow up on {formatDay(date)}, three business days from now?</p>
      <button type="button" onClick={onAccept} className={buttonClass("primary", "sm")}>
        Set follow-up
      </button>
      <button type="button" onClick={onDismiss} className={buttonClass("secondary", "sm")}>
        Not now
      </button>
    </div>
  );
}
