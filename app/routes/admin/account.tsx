import { useId, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import type { TeamMember } from "../../../domain/team.ts";
import {
  AdminPage,
  AdminPageHeader,
  adminSectionTitleClass,
} from "../../components/admin/page-header.tsx";
import { FormMessage, FormStatus } from "../../components/form-fields.tsx";
import { AccountSessions } from "../../features/team/account-sessions.tsx";
import { ChangePassword } from "../../features/team/change-password.tsx";
import { PasskeysSection } from "../../features/team/passkeys-section.tsx";
import { roleLabel } from "../../features/team/role-words.ts";
import { TwoFactorSetup } from "../../features/team/two-factor-setup.tsx";
import { YourName } from "../../features/team/your-name.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet, authPost } from "../../session/api.ts";
import type { Route } from "./+types/account";

export const meta = () => privateMeta("Your account");

export async function clientLoader() {
  const mine = await authGet(endpoints.me);
  return mine.ok
    ? { mine: mine.data, error: null }
    : { mine: null, error: mine.error ?? leadTexts.failed };
}

/** Whether round-robin may give this person new leads: a switch they flip when away. */
function Availability({ member }: { member: TeamMember }) {
  const id = useId();
  const [available, setAvailable] = useState(member.available);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  async function flip(next: boolean) {
    setAvailable(next);
    const result = await authPost(endpoints.updateMe, { available: next });
    if (!result.ok) {
      setAvailable(!next);
      return setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
    }
    setStatus({
      kind: "success",
      text: next ? "You are available for new leads." : "You are away: new leads go to the others.",
    });
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Availability
      </h2>
      <label className="mt-1 flex min-h-[44px] items-center gap-1 font-semibold">
        <input
          type="checkbox"
          role="switch"
          aria-checked={available}
          checked={available}
          onChange={(event) => flip(event.target.checked)}
          className="size-2.5 accent-ink"
        />
        Available for new leads
      </label>
      <FormStatus id={`${id}-status`} message={status} />
    </section>
  );
}

/**
 * The signed-in person's own account (/admin/account, every role; docs/team.md): who they are
 * on the team and the name it knows them by, whether they take new leads, their password, two-factor sign-in, and where
 * they are signed in.
 */
export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  // Codes from an app; an older server's answer has no `totp`, and its two-factor was codes.
  const [totp, setTotp] = useState(loaderData.mine?.totp ?? loaderData.mine?.twoFactor ?? false);
  // Bumped when a new password ended the other sessions: the list reads them again.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const { mine } = loaderData;
  return (
    <AdminPage>
      <AdminPageHeader title="Your account" />
      {mine ? (
        <>
          <dl className="grid max-w-3xl gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Email</dt>
            <dd className="break-words">{mine.member.email}</dd>
            <dt className="font-semibold">Role</dt>
            <dd>{roleLabel(mine.member.role)}</dd>
          </dl>
          <YourName member={mine.member} />
          {mine.member.role === "editor" ? null : <Availability member={mine.member} />}
          <ChangePassword
            email={mine.member.email}
            onChanged={() => setSessionsVersion((version) => version + 1)}
          />
          <TwoFactorSetup on={totp} onChange={setTotp} />
          <PasskeysSection />
          <AccountSessions version={sessionsVersion} />
        </>
      ) : (
        <div className="mt-2">
          <FormMessage kind="error">{loaderData.error}</FormMessage>
        </div>
      )}
    </AdminPage>
  );
}
