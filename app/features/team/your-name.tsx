import { useId, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { limits } from "../../../domain/limits.ts";
import type { TeamMember } from "../../../domain/team.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { CompactField, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";

/**
 * The signed-in person's name as the team sees it (docs/team.md, "Your own account"): on the
 * team list, lead owners, history and the e-mails that name who did something. The server
 * checks it as sign-up does and answers the saved account.
 */
export function YourName({ member }: { member: TeamMember }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const firstName = String(data.get("firstName") ?? "").trim();
    const lastName = String(data.get("lastName") ?? "").trim();
    setBusy(true);
    setStatus(null);
    const result = await authPost(endpoints.updateMe, { firstName, lastName });
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    const saved = result.data.member;
    setStatus({
      kind: "success",
      text: `Saved. The team sees you as ${saved.firstName} ${saved.lastName}.`,
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Name
      </h2>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="mt-1.5 grid max-w-md gap-1.5 sm:grid-cols-2"
      >
        <CompactField
          id={`${id}-first`}
          label="First name"
          name="firstName"
          autoComplete="given-name"
          maxLength={limits.name}
          defaultValue={member.firstName}
        />
        <CompactField
          id={`${id}-last`}
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          maxLength={limits.name}
          defaultValue={member.lastName}
        />
        <FormStatus id={`${id}-status`} message={status} className="sm:col-span-2" />
        <button
          type="submit"
          aria-disabled={busy}
          className={`justify-self-start ${buttonClass("primary", "sm")}`}
        >
          {busy ? "Saving…" : "Save name"}
        </button>
      </form>
    </section>
  );
}
