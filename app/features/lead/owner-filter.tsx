import { ownerName, useLeadOwners } from "../../components/admin/lead-owners.tsx";
import { compactFieldClass } from "../../components/form-fields.tsx";

/**
 * Whose leads a list or the board shows: anyone's, "Mine", no one's, or one person's. The
 * value is the API's `assigned` ("me", "none" or an ID); empty is anyone's.
 */
export function OwnerFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { me, people } = useLeadOwners();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        Filter by owner
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={`${compactFieldClass} font-semibold`}
      >
        <option value="">Anyone</option>
        <option value="me">Mine</option>
        <option value="none">No one yet</option>
        {people
          .filter((person) => person.id !== me)
          .map((person) => (
            <option key={person.id} value={person.id}>
              {ownerName(person)}
            </option>
          ))}
      </select>
    </div>
  );
}
