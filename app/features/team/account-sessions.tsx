import { useCallback, useEffect, useId, useState } from "react";
import type { AccountSession } from "../../../domain/account.ts";
import { dateTimeLabel } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authDelete, authGet } from "../../session/api.ts";
import { deviceWords } from "./device-words.ts";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Where the signed-in person is signed in (docs/team.md, "Your own account"): each session's
 * browser, address and times, this device marked, any other ended with its End button (its
 * tokens are refused from its next request), or all others at once. `version` changes when
 * something else ended sessions (a new password), to read the list again.
 */
export function AccountSessions({ version }: { version: number }) {
  const id = useId();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const load = useCallback(async () => {
    const result = await authGet(endpoints.sessions);
    if (result.ok) setSessions(result.data.sessions);
    else setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
  }, []);

  useEffect(() => {
    void version;
    load();
  }, [load, version]);

  async function end(session: AccountSession) {
    if (busy) return;
    setBusy(session.id);
    const result = await authDelete(endpoints.endSession, { params: { id: session.id } });
    setBusy(null);
    setStatus(
      result.ok
        ? { kind: "success", text: `${deviceWords(session.userAgent)}: ${result.data.message}` }
        : { kind: "error", text: result.error ?? leadTexts.failed },
    );
    await load();
  }

  async function endOthers() {
    if (busy) return;
    setBusy("others");
    const result = await authDelete(endpoints.endOtherSessions);
    setBusy(null);
    setStatus(
      result.ok
        ? { kind: "success", text: result.data.message }
        : { kind: "error", text: result.error ?? leadTexts.failed },
    );
    await load();
  }

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Where you're signed in
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        Don't recognise one? End it: that device is signed out at once. Then change your password.
      </p>
      <FormStatus id={`${id}-status`} className="mt-1" message={status} />
      {sessions === null ? (
        <p className="mt-1.5 text-muted" aria-busy="true">
          Loading your sessions…
        </p>
      ) : (
        <ul className="mt-1.5 grid gap-1" aria-describedby={`${id}-status`}>
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-sm border border-line bg-white/70 px-2 py-1.5"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-1 font-semibold">
                  {deviceWords(session.userAgent)}
                  {session.current ? (
                    <span className="rounded-sm bg-ink px-0.5 text-xs font-bold text-paper">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm break-words text-muted">
                  {session.ipAddress ? `${session.ipAddress} · ` : ""}
                  Signed in {dateTimeLabel(session.signedInAt, zone())} · last active{" "}
                  {dateTimeLabel(session.lastActiveAt, zone())}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  onClick={() => end(session)}
                  aria-disabled={busy !== null}
                  aria-label={`End the session of ${deviceWords(session.userAgent)}, last active ${dateTimeLabel(session.lastActiveAt, zone())}`}
                  className={buttonClass("secondary", "sm")}
                >
                  {busy === session.id ? "Ending…" : "End"}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 1 ? (
        <button
          type="button"
          onClick={endOthers}
          aria-disabled={busy !== null}
          className={`mt-1.5 ${buttonClass("secondary", "sm")}`}
        >
          {busy === "others" ? "Signing out…" : "Sign out everywhere else"}
        </button>
      ) : null}
    </section>
  );
}
