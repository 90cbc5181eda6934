import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import * as z from "zod/mini";
import { newPassword } from "../../domain/account.ts";
import { authTexts } from "../../domain/auth.ts";
import { dateTimeLabel } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { limits } from "../../domain/limits.ts";
import { AuthScreen, NextSteps } from "../components/auth-screen.tsx";
import { FormStatus, TextField } from "../components/form-fields.tsx";
import { buttonClass } from "../components/layout.tsx";
import { MfaStep } from "../components/mfa-step.tsx";
import { privateMeta } from "../seo.ts";
import { getJson, postJson, unexpectedAnswer } from "../session/api.ts";
import { type StoredSession, saveSession, sessionFrom } from "../session/storage.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => privateMeta("Choose a new password");

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const answer = await getJson(endpoints.passwordReset, { params: { token: params.token } });
  if (answer.ok) return { preview: answer.data, problem: null };
  return {
    preview: null,
    problem:
      answer.error ??
      (answer.status === 0
        ? "We couldn't reach the server. Check your connection and reload the page."
        : "We couldn't open this link. Reload the page to try again."),
  };
}

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
  const [mfaToken, setMfaToken] = useState<string | null>(null);
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

  if (mfaToken)
    return (
      <AuthScreen
        eyebrow="Studio area"
        title="Two-factor sign-in"
        lead="Your new password is set. Your code from the authenticator app signs you in."
      >
        <MfaStep
          mfaToken={mfaToken}
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
    if (result.ok && "mfaRequired" in result.data) return setMfaToken(result.data.mfaToken);
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
        <div>
          <p className="font-semibold">Email</p>
          <p className="mt-0.5 break-words text-lg">{preview.email}</p>
          <p className="mt-0.5 text-sm text-muted">This link works once, until {until}.</p>
        </div>
        {/* For password managers: the account the new password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={preview.email}
          readOnly
          hidden
        />
        <div>
          <TextField
            id={`${id}-password`}
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={limits.password}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
            8 to 60 characters. A short sentence is easy to remember and hard to guess.
          </p>
        </div>
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
