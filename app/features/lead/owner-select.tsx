import type { LeadRecord } from "../../../domain/lead-record.ts";
import { ownerName, useLeadOwners } from "../../components/admin/lead-owners.tsx";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { controlId } from "./dom-ids.ts";
import { useLeadSavesContext } from "./lead-saves.tsx";
import type { ListKey } from "./lead-view.ts";

/**
 * Whose lead it is: an owner or member of the team, or no one, saved as soon as it is chosen
 * like the statuses. Someone who has left still shows, as "Former member", until it changes.
 */
export function OwnerSelect({
  lead,
  listKey,
  label = "Owner",
}: {
  lead: LeadRecord;
  listKey: ListKey;
  label?: string;
}) {
  const saves = useLeadSavesContext();
  const { me, people } = useLeadOwners();
  const id = controlId(listKey, lead.ID, "owner");
  const current = lead.AssignedTo ?? "";
  const known = current === "" || people.some((person) => person.id === current);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) =>
          saves.save({
            lead,
            changes: { AssignedTo: event.target.value || null },
            control: "owner",
            listKey,
          })
        }
        className={`${compactFieldClass} font-semibold`}
      >
        <option value="">No one yet</option>
        {known ? null : <option value={current}>Former member</option>}
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {ownerName(person)}
            {person.id === me ? " (you)" : ""}
            {person.available ? "" : " (away)"}
          </option>
        ))}
      </select>
    </div>
  );
}
