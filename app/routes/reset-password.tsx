import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import * as z from "zod/mini";
import { newPassword } from "../../domain/account.ts";
import { authTexts } from "../../domain/auth.ts";
import { dateTimeLabel } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import type { MfaChallenge } from "../../domain/mfa.ts";
import { AuthScreen, NextSteps } from "../components/auth-screen.tsx";
import { AccountAddress, PasswordField } from "../components/credential-fields.tsx";
import { FormStatus } from "../components/form-fields.tsx";
import { buttonClass } from "../components/layout.tsx";
import { MfaStep } from "../components/mfa-step.tsx";
import { privateMeta } from "../seo.ts";
import { linkPreview, postJson, unexpectedAnswer } from "../session/api.ts";
import { type StoredSession, saveSession, sessionFrom } from "../session/storage.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => privateMeta("Choose a new password");

export const clientLoader = ({ params }: Route.ClientLoaderArgs) =>
  linkPreview(endpoints.passwordReset, params.token, "this link");

const lead = "Choose it here. Every device signed in to your account is signed out.";

/**
 * The e-mailed reset link (docs/team.md, "Forgot password"): a new password, once, within 30
 * minutes. Then signed in, or, with two-factor sign-in on, asked for the code first, as a
 * login is.
 */
export default function ResetPassword({ loaderData, params }: Route.ComponentProps) {
  const id = useId();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [mfaStep, setMfaStep] = useState<MfaChallenge | null>(null);
  const inFlight = useRef(false);
  const { preview, problem } = loaderData;

  if (!preview)
    return (
      <AuthScreen eyebrow="Studio area" title="Choose a new password" lead={lead}>
        <p role="alert" className="text-lg">
          {problem}
        </p>
        <NextSteps
          links={[
            { to: "/forgot-password", label: "Ask for a new link" },
            { to: "/login", label: "Log in" },
          ]}
        />
      </AuthScreen>
    );

  function signedIn(session: StoredSession) {
    saveSession(session);
    // The admin sends each role to its own first screen.
    navigate("/admin", { replace: true });
  }

  if (mfaStep)
    return (
      <AuthScreen
        eyebrow="Studio area"
        title="Two-factor sign-in"
        lead="Your new password is set. Your second factor signs you in."
      >
        <MfaStep
          mfaToken={mfaStep.mfaToken}
          methods={mfaStep.methods}
          onSignedIn={signedIn}
          onStartOver={() => navigate("/login", { replace: true })}
        />
      </AuthScreen>
    );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    // The rule the server applies, checked here too so a mistype costs no round trip.
    if (!z.safeParse(newPassword, password).success) return setError(authTexts.invalidPassword);
    inFlight.current = true;
    setSending(true);
    setError(null);
    const result = await postJson(
      endpoints.resetPassword,
      { password },
      {},
      { params: { token: params.token } },
    );
    inFlight.current = false;
    setSending(false);
    if (result.ok && "mfaRequired" in result.data) return setMfaStep(result.data);
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (session) return signedIn(session);
    setError(
      (result.ok ? unexpectedAnswer : result.error) ??
        (result.status === 0
          ? "We couldn't reach the server. Check your connection and try again."
          : "We couldn't set the password. Please try again."),
    );
  }

  const until = dateTimeLabel(preview.expiresAt, Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <AuthScreen eyebrow="Studio area" title="Choose a new password" lead={lead}>
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="grid gap-2.5"
      >
        <AccountAddress email={preview.email} note={`This link works once, until ${until}.`} />
        <PasswordField id={`${id}-password`} label="New password" choosing />
        <FormStatus id={`${id}-status`} message={error ? { kind: "error", text: error } : null} />
        <div>
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Saving…" : "Set the new password"}
          </button>
        </div>
      </form>
    </AuthScreen>
  );
}
