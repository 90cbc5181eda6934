import { useId, useRef, useState } from "react";
import { endpoints } from "../../domain/endpoints.ts";
import type { SecondFactorMethod } from "../../domain/mfa.ts";
import { postJson, unexpectedAnswer } from "../session/api.ts";
import { type StoredSession, sessionFrom } from "../session/storage.ts";
import { FormStatus, TextField } from "./form-fields.tsx";
import { buttonClass } from "./layout.tsx";
import { PasskeySignIn } from "./passkey-sign-in.tsx";

/**
 * A login's second step (docs/team.md, "Two-factor sign-in"): the password was right; a code
 * from the authenticator app, or a recovery code, finishes it. The field takes focus as it
 * appears, so the step reads as the next question, by keyboard and screen reader alike. With
 * a passkey on the account, "Use a passkey" is offered beside the code (or first, without an
 * app, with "Use a recovery code" for a lost passkey).
 */
export function MfaStep({
  mfaToken,
  methods = ["totp"],
  onSignedIn,
  onStartOver,
}: {
  mfaToken: string;
  /** The account's second factors, as login named them; an older answer's are codes. */
  methods?: readonly SecondFactorMethod[];
  onSignedIn: (session: StoredSession) => void;
  onStartOver: () => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const app = methods.includes("totp");
  // Passkeys only: the recovery codes are the way in when the passkey is lost.
  const [recovering, setRecovering] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code)
      return setError(
        app
          ? "Enter the code from your app, or a recovery code."
          : "Enter one of your recovery codes.",
      );
    inFlight.current = true;
    setSending(true);
    setError(null);
    const result = await postJson(endpoints.mfaLogin, { mfaToken, code });
    inFlight.current = false;
    setSending(false);
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (session) return onSignedIn(session);
    setError(
      (result.ok ? unexpectedAnswer : result.error) ??
        "We couldn't reach the server. Check your connection and try again.",
    );
  }

  const passkey = methods.includes("passkey");
  if (!app && !recovering)
    return (
      <div className="grid gap-2.5">
        <PasskeySignIn mfaToken={mfaToken} onSignedIn={onSignedIn} primary />
        <div className="flex flex-wrap items-center gap-1.5">
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => setRecovering(true)}
          >
            Use a recovery code
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={onStartOver}>
            Start over
          </button>
        </div>
      </div>
    );

  return (
    <div className="grid gap-2.5">
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="grid gap-2.5"
      >
        <div>
          <TextField
            autoFocus
            id={`${id}-code`}
            label={app ? "Authentication code" : "Recovery code"}
            name="code"
            inputMode={app ? "numeric" : "text"}
            autoComplete={app ? "one-time-code" : "off"}
            maxLength={40}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
            {app
              ? "The 6-digit code your authenticator app shows now, or one of your recovery codes."
              : "One of the recovery codes you kept when you added your first passkey. Each works once."}
          </p>
        </div>
        <FormStatus id={`${id}-status`} message={error ? { kind: "error", text: error } : null} />
        <div className="flex flex-wrap items-center gap-1.5">
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Checking…" : "Verify"}
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={onStartOver}>
            Start over
          </button>
        </div>
      </form>
      {passkey ? (
        <div className="grid gap-1 border-t border-line pt-2">
          <p className="text-sm text-muted">
            {app
              ? "Or use a passkey of this account instead of a code."
              : "Found it? Use the passkey instead."}
          </p>
          <PasskeySignIn mfaToken={mfaToken} onSignedIn={onSignedIn} primary={false} />
        </div>
      ) : null}
    </div>
  );
}
