import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { passwordResetMinutes } from "../../domain/account.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { limits } from "../../domain/limits.ts";
import { AuthScreen } from "../components/auth-screen.tsx";
import { FormStatus, TextField } from "../components/form-fields.tsx";
import { buttonClass } from "../components/layout.tsx";
import { privateMeta } from "../seo.ts";
import { postJson, unexpectedAnswer } from "../session/api.ts";

export const meta = () => privateMeta("Forgot password");

/**
 * "Forgot password?" from the login page (docs/team.md, "Forgot password"): an address in, a
 * link by e-mail out. The answer is the same whether or not an account uses the address, and
 * the page says only that.
 */
export default function ForgotPassword() {
  const id = useId();
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) return setStatus({ kind: "error", text: "Please enter your email address." });
    inFlight.current = true;
    setSending(true);
    setStatus(null);
    const result = await postJson(endpoints.requestPasswordReset, { email });
    inFlight.current = false;
    setSending(false);
    if (result.ok) return setStatus({ kind: "success", text: result.data.message });
    setStatus({
      kind: "error",
      text:
        result.error ??
        (result.status === 0
          ? "We couldn't reach the server. Check your connection and try again."
          : unexpectedAnswer),
    });
  }

  return (
    <AuthScreen
      eyebrow="Studio area"
      title="Forgot your password?"
      lead="Type the address you log in with. We'll e-mail you a link to choose a new password."
    >
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="grid gap-2.5"
      >
        <TextField
          id={`${id}-email`}
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={limits.email}
        />
        <FormStatus id={`${id}-status`} message={status} />
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Sending…" : status?.kind === "success" ? "Send again" : "Send the link"}
          </button>
          <Link
            to="/login"
            className="font-semibold text-accent-strong underline underline-offset-4"
          >
            Back to log in
          </Link>
        </div>
        <p className="text-sm text-muted">
          The link works once, for {passwordResetMinutes} minutes, and signs you out everywhere when
          it is used.
        </p>
      </form>
    </AuthScreen>
  );
}
