import { useId, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import type { AssignmentMode } from "../../../domain/team.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { FormStatus } from "../../components/form-fields.tsx";
import { authPost } from "../../session/api.ts";

const choices: ReadonlyArray<{ mode: AssignmentMode; label: string; hint: string }> = [
  {
    mode: "manual",
    label: "By hand",
    hint: "New leads are no one's until someone takes them or gives them out.",
  },
  {
    mode: "round-robin",
    label: "Round-robin",
    hint: "Each new lead, from a form, a booking or a registration, goes to the next owner or member in turn. Anyone marked away is skipped until they are back.",
  },
];

/**
 * How new leads get their owner (owners only; docs/team.md, "Whose lead is it"), saved as
 * soon as it is chosen and put back if the save fails.
 */
export function AssignmentModeChoice({ initial }: { initial: AssignmentMode }) {
  const id = useId();
  const [mode, setMode] = useState(initial);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  async function choose(next: AssignmentMode) {
    const before = mode;
    setMode(next);
    const result = await authPost(endpoints.setAssignment, { mode: next });
    if (!result.ok) {
      setMode(before);
      return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    }
    setStatus({ kind: "success", text: result.data.message });
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 max-w-5xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        New leads
      </h2>
      <fieldset className="mt-1 grid gap-1 sm:grid-cols-2">
        <legend className="sr-only">How new leads get their owner</legend>
        {choices.map((choice) => (
          <label
            key={choice.mode}
            className="flex cursor-pointer gap-1 rounded-sm border border-line bg-white p-1.5 has-[:checked]:border-ink has-[:checked]:shadow-[inset_0_0_0_1px_var(--color-ink)]"
          >
            <input
              type="radio"
              name={`${id}-mode`}
              value={choice.mode}
              checked={mode === choice.mode}
              onChange={() => choose(choice.mode)}
              aria-describedby={`${id}-${choice.mode}`}
              className="mt-0.5 size-2 shrink-0 accent-ink"
            />
            <span>
              <span className="block font-semibold">{choice.label}</span>
              <span id={`${id}-${choice.mode}`} className="block text-sm text-muted">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormStatus id={`${id}-status`} message={status} />
    </section>
  );
}
