import { useId, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { FormStatus } from "../../components/form-fields.tsx";
import { authPost } from "../../session/api.ts";

/**
 * Whether everyone on the team must use two-factor sign-in (owners; docs/team.md, "Two-factor
 * sign-in"): a switch saved as soon as it flips, put back if the save is refused (an owner
 * without it on themselves is told to turn it on first).
 */
export function TwoFactorPolicy({ initial }: { initial: boolean }) {
  const id = useId();
  const [required, setRequired] = useState(initial);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  async function flip(next: boolean) {
    setRequired(next);
    const result = await authPost(endpoints.setTwoFactorPolicy, { required: next });
    if (!result.ok) {
      setRequired(!next);
      return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    }
    setStatus({ kind: "success", text: result.data.message });
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 max-w-5xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Two-factor sign-in
      </h2>
      <label className="mt-1 flex min-h-[44px] items-center gap-1 font-semibold">
        <input
          type="checkbox"
          role="switch"
          aria-checked={required}
          aria-describedby={`${id}-hint`}
          checked={required}
          onChange={(event) => flip(event.target.checked)}
          className="size-2.5 accent-ink"
        />
        Require two-factor sign-in for everyone
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Someone without it can only open Your account, to set it up, until they do; nobody can turn
        theirs off while this is on.
      </p>
      <FormStatus id={`${id}-status`} message={status} />
    </section>
  );
}
