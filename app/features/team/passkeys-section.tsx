import { useCallback, useEffect, useId, useState } from "react";
import { dateTimeLabel } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { type Passkey, passkeyNameLength } from "../../../domain/passkeys.ts";
import { adminSectionTitleClass } from "../../components/admin/page-header.tsx";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authDelete, authGet, authPost } from "../../session/api.ts";
import { createPasskey, passkeyProblem } from "../../session/webauthn.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Status = { kind: "success" | "error"; text: string } | null;

/**
 * The signed-in person's passkeys (docs/team.md, "Two-factor sign-in"), beside the app's codes:
 * a second factor each, named so they can be told apart ("MacBook"), added with the browser's
 * own prompt and removed one by one.
 */
export function PasskeysSection() {
  const id = useId();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  // With a first passkey and no app: the recovery codes, shown until put away.
  const [codes, setCodes] = useState<string[] | null>(null);

  const load = useCallback(async () => {
    const result = await authGet(endpoints.passkeys);
    if (result.ok) setPasskeys(result.data.passkeys);
    else setStatus({ kind: "error", text: result.error ?? leadTexts.failed });
  }, []);

  useEffect(() => {
    load();
  }, [load]);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const label = name.trim();
    if (!label)
      return setStatus({ kind: "error", text: "Name the passkey first, e.g. “MacBook”." });
    setBusy("add");
    setStatus({ kind: "success", text: "Follow your browser's prompt to create the passkey…" });
    const options = await authPost(endpoints.passkeyRegistrationOptions);
    if (!options.ok) {
      setBusy(null);
      return setStatus({ kind: "error", text: options.error ?? leadTexts.failed });
    }
    let response: unknown;
    try {
      response = await createPasskey(options.data);
    } catch (error) {
      setBusy(null);
      return setStatus({ kind: "error", text: passkeyProblem(error, "add") });
    }
    const added = await authPost(endpoints.addPasskey, {
      name: label,
      response: response as never,
    });
    setBusy(null);
    if (!added.ok) return setStatus({ kind: "error", text: added.error ?? leadTexts.failed });
    setName("");
    setStatus({ kind: "success", text: `Added the passkey “${added.data.passkey.name}”.` });
    if (added.data.recoveryCodes) setCodes(added.data.recoveryCodes);
    await load();
  }

  async function remove(passkey: Passkey) {
    if (busy) return;
    setBusy(passkey.id);
    const result = await authDelete(endpoints.removePasskey, { params: { id: passkey.id } });
    setBusy(null);
    setStatus(
      result.ok
        ? { kind: "success", text: result.data.message }
        : { kind: "error", text: result.error ?? leadTexts.failed },
    );
    await load();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 max-w-3xl">
      <h2 id={`${id}-title`} className={adminSectionTitleClass}>
        Passkeys
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        A passkey on this computer, your phone or a security key can answer the second step instead
        of a code. Your password is still asked for first.
      </p>
      <FormStatus id={`${id}-status`} className="mt-1" message={status} />
      {codes ? (
        <RecoveryCodes codes={codes} lost="your passkeys are lost" onKept={() => setCodes(null)} />
      ) : null}
      {passkeys === null ? (
        <p className="mt-1.5 text-muted" aria-busy="true">
          Loading your passkeys…
        </p>
      ) : passkeys.length === 0 ? (
        <p className="mt-1.5">No passkeys yet.</p>
      ) : (
        <ul className="mt-1.5 grid gap-1" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-sm border border-line bg-white/70 px-2 py-1.5"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{passkey.name}</p>
                <p className="text-sm text-muted">
                  Added {dateTimeLabel(passkey.createdAt, zone())} ·{" "}
                  {passkey.lastUsedAt
                    ? `last used ${dateTimeLabel(passkey.lastUsedAt, zone())}`
                    : "not used yet"}
                </p>
              </div>
              <button
                type="button"
                onClick={() => remove(passkey)}
                aria-disabled={busy !== null}
                aria-label={`Remove the passkey “${passkey.name}”`}
                className={buttonClass("secondary", "sm")}
              >
                {busy === passkey.id ? "Removing…" : "Remove"}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={add}
        aria-describedby={`${id}-status`}
        className="mt-1.5 flex flex-wrap items-end gap-1"
      >
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            Passkey name
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={passkeyNameLength}
            placeholder="MacBook"
            autoComplete="off"
            className={compactFieldClass}
          />
        </div>
        <button
          type="submit"
          aria-disabled={busy !== null}
          className={buttonClass("primary", "sm")}
        >
          {busy === "add" ? "Waiting for the passkey…" : "Add a passkey"}
        </button>
      </form>
    </section>
  );
}
