import { useEffect, useId, useRef, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import { CredentialFields } from "../../components/credential-fields.tsx";
import { FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost, postJson, unexpectedAnswer } from "../../session/api.ts";
import { loginError } from "../../session/login-error.ts";
import { readSession, saveSession, sessionFrom } from "../../session/storage.ts";

/**
 * The session ended while the owner was working (the refresh was refused): sign in again
 * here, in place, instead of being sent to the login page. Nothing on the page is lost; once
 * signed in, `onSignedIn` sends the saves that were waiting.
 */
export function SignInDialog({
  open,
  email,
  onSignedIn,
}: {
  open: boolean;
  /** The account that was signed in, filled in for convenience. */
  email: string;
  onSignedIn: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const node = dialog.current;
    if (open && node && !node.open) {
      setError(null);
      node.showModal();
    }
    if (!open && node?.open) node.close();
  }, [open]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    setError(null);
    setSending(true);
    const result = await postJson(endpoints.login, {
      username: String(form.get("username") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (!session) {
      setSending(false);
      setError(result.ok ? unexpectedAnswer : loginError(result));
      return;
    }
    saveSession(session);
    // Another account may have signed in here: only an admin's saves go through.
    const check = await authPost(endpoints.admin);
    setSending(false);
    if (!check.ok || !check.data.admin) {
      setError("That account is not an administrator. Sign in with the studio's admin account.");
      return;
    }
    onSignedIn();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // The page behind waits for this; Escape would leave the owner with saves that cannot go.
      onCancel={(event) => event.preventDefault()}
      // Browsers let a second Escape close a modal regardless: open it again while signed out.
      onClose={() => {
        if (open && !readSession()) dialog.current?.showModal();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-sm border border-line bg-paper p-3 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Your session has ended
      </h2>
      <p id={`${id}-text`} className="mt-1 text-muted">
        Sign in again to save your changes. Everything you chose or typed is still here, and is
        saved as soon as you are back.
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="mt-2 grid gap-1.5"
      >
        <CredentialFields idPrefix={id} purpose="sign-in" email={email} focusPassword />
        <FormStatus id={`${id}-status`} message={error ? { kind: "error", text: error } : null} />
        <div>
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Signing in…" : "Sign in and save"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
