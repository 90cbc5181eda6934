import { useId, useRef, useState } from "react";
import * as z from "zod/mini";
import { newPassword, newPasswordHint } from "../../../domain/account.ts";
import { authTexts } from "../../../domain/auth.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { limits } from "../../../domain/limits.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { CompactField, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";
import { replaceTokens } from "../../session/storage.ts";

/**
 * A new password for the signed-in person (docs/team.md, "Your own account"): the current one
 * first. Every other session ends; this one stays, with the new access token the answer
 * carries. `onChanged` lets the sessions list show what ended.
 */
export function ChangePassword({ email, onChanged }: { email: string; onChanged: () => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const next = String(data.get("newPassword") ?? "");
    if (!currentPassword) return setStatus({ kind: "error", text: "Type your current password." });
    if (!z.safeParse(newPassword, next).success)
      return setStatus({ kind: "error", text: authTexts.invalidPassword });
    setBusy(true);
    setStatus(null);
    const result = await authPost(endpoints.changePassword, {
      currentPassword,
      newPassword: next,
    });
    setBusy(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    replaceTokens({ accessToken: result.data.accessToken });
    form.current?.reset();
    setStatus({ kind: "success", text: result.data.message });
    onChanged();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Password
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        Changing it signs you out everywhere else; you stay signed in here.
      </p>
      <form
        ref={form}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="mt-1.5 grid max-w-md gap-1.5"
      >
        {/* For password managers: which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <CompactField
          id={`${id}-current`}
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          maxLength={limits.password * 4}
        />
        <div>
          <CompactField
            id={`${id}-new`}
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            maxLength={limits.password}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
            {newPasswordHint}
          </p>
        </div>
        <FormStatus id={`${id}-status`} message={status} />
        <button
          type="submit"
          aria-disabled={busy}
          className={`justify-self-start ${buttonClass("primary", "sm")}`}
        >
          {busy ? "Changing…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
