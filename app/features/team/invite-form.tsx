import { useId, useState } from "react";
import * as z from "zod/mini";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { limits } from "../../../domain/limits.ts";
import type { TeamRole } from "../../../domain/roles.ts";
import { inviteBody, type TeamInvitation } from "../../../domain/team.ts";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";
import { LinkToSend } from "./link-to-send.tsx";
import { roleChoices } from "./role-words.ts";

/**
 * Inviting someone by e-mail to a role: checked with the API's own rules first, the answer
 * (sent, already on the team, mail not set up) said in the form's live region.
 */
export function InviteForm({ onInvited }: { onInvited: (invitation: TeamInvitation) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamRole>("member");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [link, setLink] = useState<{ link: string; email: string } | null>(null);

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = z.safeParse(inviteBody, { email, role });
    if (!checked.success)
      return setStatus({
        kind: "error",
        text: checked.error.issues[0]?.message ?? leadTexts.failed,
      });
    setBusy(true);
    setLink(null);
    const result = await authPost(endpoints.invite, checked.data);
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    setStatus({ kind: "success", text: result.data.message });
    if (result.data.link) setLink({ link: result.data.link, email: result.data.invitation.email });
    setEmail("");
    onInvited(result.data.invitation);
  }

  return (
    <form
      onSubmit={invite}
      noValidate
      aria-describedby={`${id}-status`}
      className="mt-1.5 grid gap-1.5 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-semibold">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          inputMode="email"
          maxLength={limits.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={compactFieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-role`} className="text-sm font-semibold">
          Role
        </label>
        <select
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as TeamRole)}
          className={compactFieldClass}
        >
          {roleChoices.map((choice) => (
            <option key={choice.role} value={choice.role}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" aria-disabled={busy} className={buttonClass("primary", "sm")}>
        {busy ? "Sending…" : "Send invitation"}
      </button>
      <FormStatus id={`${id}-status`} className="sm:col-span-3" message={status} />
      {link ? (
        <div className="sm:col-span-3">
          <LinkToSend link={link.link} email={link.email} />
        </div>
      ) : null}
    </form>
  );
}
