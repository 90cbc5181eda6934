import { useId, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import type { TeamRole } from "../../../domain/roles.ts";
import type { TeamInvitation, TeamList, TeamMember } from "../../../domain/team.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authDelete, authPost } from "../../session/api.ts";
import { InviteForm } from "./invite-form.tsx";
import { LinkToSend } from "./link-to-send.tsx";
import { roleChoices, roleLabel } from "./role-words.ts";

type Notice = { kind: "success" | "error"; text: string } | null;

/**
 * The team screen's people and invitations (docs/team.md): change a role, reset someone's
 * two-factor sign-in or remove them (each asked first), invite, send an invitation again or withdraw it. Every answer, good or not,
 * is said in one live region; the server's rules (the last owner stays) are its own messages.
 */
export function TeamPeople({
  initial,
  me,
  timeZone,
}: {
  initial: TeamList;
  me: string;
  timeZone: string | undefined;
}) {
  const id = useId();
  const [members, setMembers] = useState(initial.members);
  const [invitations, setInvitations] = useState(initial.invitations);
  const [notice, setNotice] = useState<Notice>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [resentLink, setResentLink] = useState<{ link: string; email: string } | null>(null);
  const say = (kind: "success" | "error", text: string) => setNotice({ kind, text });

  async function changeRole(member: TeamMember, role: TeamRole) {
    setBusy(member.id);
    const result = await authPost(endpoints.changeRole, { role }, { params: { id: member.id } });
    setBusy(null);
    if (!result.ok) return say("error", result.error ?? leadTexts.failed);
    setMembers((all) => all.map((m) => (m.id === member.id ? result.data.member : m)));
    say(
      "success",
      `${member.firstName} ${member.lastName} is now ${roleLabel(role).toLowerCase()}.`,
    );
  }

  async function remove(member: TeamMember) {
    setBusy(member.id);
    const result = await authDelete(endpoints.removeMember, { params: { id: member.id } });
    setBusy(null);
    setRemoving(null);
    if (!result.ok) return say("error", result.error ?? leadTexts.failed);
    setMembers((all) => all.filter((m) => m.id !== member.id));
    say("success", result.data.message);
  }

  async function resetTwoFactor(member: TeamMember) {
    setBusy(member.id);
    const result = await authDelete(endpoints.resetTwoFactor, { params: { id: member.id } });
    setBusy(null);
    setResetting(null);
    if (!result.ok) return say("error", result.error ?? leadTexts.failed);
    setMembers((all) => all.map((m) => (m.id === member.id ? result.data.member : m)));
    say("success", result.data.message);
  }

  async function resend(invitation: TeamInvitation) {
    setBusy(invitation.id);
    const result = await authPost(
      endpoints.resendInvitation,
      {},
      { params: { id: invitation.id } },
    );
    setBusy(null);
    if (!result.ok) return say("error", result.error ?? leadTexts.failed);
    setInvitations((all) => all.map((i) => (i.id === invitation.id ? result.data.invitation : i)));
    say("success", result.data.message);
    setResentLink(result.data.link ? { link: result.data.link, email: invitation.email } : null);
  }

  async function revoke(invitation: TeamInvitation) {
    setBusy(invitation.id);
    const result = await authDelete(endpoints.revokeInvitation, { params: { id: invitation.id } });
    setBusy(null);
    if (!result.ok) return say("error", result.error ?? leadTexts.failed);
    setInvitations((all) => all.filter((i) => i.id !== invitation.id));
    say("success", result.data.message);
  }

  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="mt-1 min-h-3 text-sm font-semibold">
        {notice ? (
          <p className={notice.kind === "error" ? "text-error-strong" : "text-success"}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <section aria-labelledby={`${id}-people`} className="mt-1 max-w-5xl">
        <h2 id={`${id}-people`} className={adminSectionTitleClass}>
          People <span className="font-semibold text-muted">{members.length}</span>
        </h2>
        <ul className="mt-1 divide-y divide-line rounded-sm border border-line bg-white/70">
          {members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`;
            return (
              <li
                key={member.id}
                className="grid gap-1 px-2 py-1.5 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-center sm:gap-2"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {name}
                    {member.id === me ? (
                      <span className="font-normal text-muted"> (you)</span>
                    ) : null}
                  </p>
                  <p className="truncate text-sm text-muted">{member.email}</p>
                  <p className="text-sm text-muted">
                    {member.lastSignInAt
                      ? `Last signed in ${formatDateTime(member.lastSignInAt, timeZone)}`
                      : "Has not signed in yet"}
                    {member.available ? "" : " · Away"}
                    {member.twoFactor === undefined
                      ? ""
                      : member.twoFactor
                        ? " · Two-factor on"
                        : " · No two-factor"}
                  </p>
                </div>
                <div>
                  <label htmlFor={`${id}-role-${member.id}`} className="sr-only">
                    Role of {name}
                  </label>
                  <select
                    id={`${id}-role-${member.id}`}
                    value={member.role}
                    aria-disabled={busy === member.id}
                    onChange={(event) => changeRole(member, event.target.value as TeamRole)}
                    className={compactFieldClass}
                  >
                    {roleChoices.map((choice) => (
                      <option key={choice.role} value={choice.role}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="flex flex-wrap gap-1">
                  {member.twoFactor && member.id !== me ? (
                    <button
                      type="button"
                      onClick={() => setResetting(member)}
                      className={buttonClass("secondary", "sm")}
                      aria-label={`Reset ${name}'s two-factor sign-in`}
                    >
                      Reset two-factor
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => setRemoving(member)}
                    className={buttonClass("secondary", "sm")}
                    aria-label={`Remove ${name} from the team`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        <dl className="mt-1 grid gap-x-2 gap-y-0.5 text-sm text-muted sm:grid-cols-[auto_1fr]">
          {roleChoices.map((choice) => (
            <div key={choice.role} className="contents">
              <dt className="font-semibold text-ink">{choice.label}</dt>
              <dd>{choice.what}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={`${id}-invite`} className="mt-5 max-w-5xl">
        <h2 id={`${id}-invite`} className={adminSectionTitleClass}>
          Invite someone
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          They get an e-mail with a link to choose a password. It works once, for 7 days.
        </p>
        <InviteForm
          onInvited={(invitation) =>
            setInvitations((all) => [
              invitation,
              ...all.filter((i) => i.email.toLowerCase() !== invitation.email.toLowerCase()),
            ])
          }
        />
        {invitations.length > 0 ? (
          <>
            <h3 className="mt-3 font-bold">Waiting to join</h3>
            {resentLink ? <LinkToSend link={resentLink.link} email={resentLink.email} /> : null}
            <ul className="mt-1 divide-y divide-line rounded-sm border border-line bg-white/70">
              {invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="grid gap-1 px-2 py-1.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                >
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{invitation.email}</p>
                    <p className="text-sm text-muted">
                      {roleLabel(invitation.role)} ·{" "}
                      {invitation.status === "expired" ? (
                        <strong className="text-error-strong">Expired</strong>
                      ) : (
                        `Link works until ${formatDateTime(invitation.expiresAt, timeZone)}`
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <button
                      type="button"
                      aria-disabled={busy === invitation.id}
                      onClick={() => resend(invitation)}
                      className={buttonClass("secondary", "sm")}
                      aria-label={`Send again to ${invitation.email}`}
                    >
                      Send again
                    </button>
                    <button
                      type="button"
                      aria-disabled={busy === invitation.id}
                      onClick={() => revoke(invitation)}
                      className={buttonClass("secondary", "sm")}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <ConfirmDialog
        open={resetting !== null}
        title={
          resetting
            ? `Reset ${resetting.firstName} ${resetting.lastName}'s two-factor sign-in?`
            : ""
        }
        text="For someone who lost their phone and their recovery codes. Their authenticator app, recovery codes and passkeys stop working and they are signed out everywhere; they sign in with their password and set two-factor up again."
        confirmLabel="Reset two-factor"
        keepLabel="Keep it"
        danger
        busy={resetting !== null && busy === resetting.id}
        onConfirm={() => (resetting ? resetTwoFactor(resetting) : undefined)}
        onClose={() => setResetting(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.firstName} ${removing.lastName}?` : ""}
        text="They are signed out everywhere at once and can no longer open the admin. Their account and what they wrote stay; you can invite them again later."
        confirmLabel="Remove from the team"
        keepLabel="Keep them"
        danger
        busy={removing !== null && busy === removing.id}
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
