import { useEffect, useState } from "react";
import { type LeadRecord, leadTexts, maxLeadValue } from "../../../domain/lead-record.ts";
import { useAdminSettings } from "../../components/admin/admin-settings.tsx";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { controlId } from "../lead/dom-ids.ts";
import { useLeadSavesContext } from "../lead/lead-saves.tsx";
import type { ListKey } from "../lead/lead-view.ts";

/** What the owner typed as a value: "12,500" or "$12 500" is 12500; empty clears it. */
export function parseValue(text: string): number | null | "invalid" {
  const digits = text.replace(/[\s,_]/g, "").replace(/^[^\d-]+/, "");
  if (digits === "") return null;
  if (!/^\d+$/.test(digits)) return "invalid";
  const value = Number(digits);
  return value <= maxLeadValue ? value : "invalid";
}

/**
 * The deal's estimated value, in whole units of the studio's currency, saved like the other
 * fields when it is left or Enter is pressed (empty clears it).
 */
export function DealValue({
  lead,
  listKey,
  onInvalid,
}: {
  lead: LeadRecord;
  listKey: ListKey;
  onInvalid: (text: string) => void;
}) {
  const saves = useLeadSavesContext();
  const currency = useAdminSettings()?.currency ?? "USD";
  const id = controlId(listKey, lead.ID, "value");
  const shown = lead.Value === null || lead.Value === undefined ? "" : String(lead.Value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  const save = () => {
    const value = parseValue(text);
    if (value === "invalid") return onInvalid(leadTexts.badValue);
    if (value === (lead.Value ?? null)) return;
    saves.save({ lead, changes: { Value: value }, control: "value", listKey });
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        Deal value ({currency})
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        placeholder="Not estimated yet"
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            save();
          }
        }}
        className={`${compactFieldClass} tabular-nums`}
      />
    </div>
  );
}
