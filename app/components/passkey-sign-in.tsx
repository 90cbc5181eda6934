import { useId, useRef, useState } from "react";
import { endpoints } from "../../domain/endpoints.ts";
import { postJson, unexpectedAnswer } from "../session/api.ts";
import { type StoredSession, sessionFrom } from "../session/storage.ts";
import { passkeyProblem, signWithPasskey } from "../session/webauthn.ts";
import { FormStatus } from "./form-fields.tsx";
import { buttonClass } from "./layout.tsx";

const offline = "We couldn't reach the server. Check your connection and try again.";

/**
 * A login's second step answered with a passkey (docs/team.md, "Two-factor sign-in"): the
 * server names the account's passkeys and a challenge, the browser asks the person to use one,
 * and the signed answer finishes the login. What is happening is said in the live region.
 */
export function PasskeySignIn({
  mfaToken,
  onSignedIn,
  primary,
}: {
  mfaToken: string;
  onSignedIn: (session: StoredSession) => void;
  /** The only second factor offered: the main button, not a secondary one. */
  primary: boolean;
}) {
  const id = useId();
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function start() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setStatus({ kind: "success", text: "Follow your browser's prompt to use your passkey…" });
    const done = (message: { kind: "success" | "error"; text: string } | null) => {
      inFlight.current = false;
      setBusy(false);
      setStatus(message);
    };
    const options = await postJson(endpoints.passkeyLoginOptions, { mfaToken });
    if (!options.ok) return done({ kind: "error", text: options.error ?? offline });
    let response: unknown;
    try {
      response = await signWithPasskey(options.data);
    } catch (error) {
      return done({ kind: "error", text: passkeyProblem(error, "use") });
    }
    setStatus({ kind: "success", text: "Checking your passkey…" });
    const result = await postJson(endpoints.passkeyLogin, {
      mfaToken,
      response: response as never,
    });
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (session) {
      done({ kind: "success", text: "Signed in." });
      return onSignedIn(session);
    }
    done({ kind: "error", text: (result.ok ? unexpectedAnswer : result.error) ?? offline });
  }

  return (
    <div className="grid gap-1">
      <button
        type="button"
        onClick={start}
        aria-disabled={busy}
        aria-describedby={`${id}-status`}
        // biome-ignore lint/a11y/noAutofocus: with no code to type, the passkey is the step asked for next.
        autoFocus={primary}
        className={`justify-self-start ${buttonClass(primary ? "primary" : "secondary")}`}
      >
        {busy ? "Waiting for your passkey…" : "Use a passkey"}
      </button>
      <FormStatus id={`${id}-status`} message={status} />
    </div>
  );
}
