import { useId, useRef, useState } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { endpoints } from "../../domain/endpoints.ts";
import type { MfaChallenge } from "../../domain/mfa.ts";
import { AuthScreen } from "../components/auth-screen.tsx";
import { CredentialFields } from "../components/credential-fields.tsx";
import { FormStatus } from "../components/form-fields.tsx";
import { buttonClass } from "../components/layout.tsx";
import { MfaStep } from "../components/mfa-step.tsx";
import { privateMeta } from "../seo.ts";
import { postJson, unexpectedAnswer } from "../session/api.ts";
import { safeForward } from "../session/forward.ts";
import { loginError } from "../session/login-error.ts";
import { readSession, type StoredSession, saveSession, sessionFrom } from "../session/storage.ts";
import type { Route } from "./+types/login";

export const meta = () => privateMeta("Log in");

/**
 * Read `forward` (same-site paths only, default /home); a logged-in user goes on at once
 * (docs/product.md, "The forward rule on `/login`").
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const forward = safeForward(new URL(request.url).searchParams.get("forward"));
  if (readSession()) throw redirect(forward);
  return { forward };
}

// The served HTML (prerendered) shows the screen's frame; the form comes with the script,
// since where it goes next depends on `forward` and on a session only the browser knows.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <AuthScreen
      eyebrow="Studio area"
      title="Log in"
      lead="For the Fineline team: every inquiry from the site, with its notes and follow-ups."
    >
      <p className="flex min-h-[17rem] items-center justify-center text-muted" aria-busy="true">
        Loading the login form…
      </p>
    </AuthScreen>
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { forward } = loaderData;
  const navigate = useNavigate();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [mfaStep, setMfaStep] = useState<MfaChallenge | null>(null);
  const inFlight = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = new FormData(event.currentTarget);
    setError(null);
    inFlight.current = true;
    setSending(true);
    // No client-side validation on login, a fixed rule (docs/product.md, "Login"): the server
    // decides.
    const result = await postJson(endpoints.login, {
      username: String(form.get("username") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    inFlight.current = false;
    setSending(false);
    // Two-factor sign-in: no session yet, a code first (docs/team.md).
    if (result.ok && "mfaRequired" in result.data) return setMfaStep(result.data);
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (session) return signedIn(session);
    setError(result.ok ? unexpectedAnswer : loginError(result));
  }

  function signedIn(session: StoredSession) {
    // With accessToken, the whole response is the stored session (docs/product.md, "The
    // stored session").
    saveSession(session);
    navigate(forward, { replace: true });
  }

  if (mfaStep)
    return (
      <AuthScreen
        eyebrow="Studio area"
        title="Two-factor sign-in"
        lead="Your password was right. One more step keeps the studio's leads yours alone."
      >
        <MfaStep
          mfaToken={mfaStep.mfaToken}
          methods={mfaStep.methods}
          onSignedIn={signedIn}
          onStartOver={() => setMfaStep(null)}
        />
      </AuthScreen>
    );

  return (
    <AuthScreen
      eyebrow="Studio area"
      title="Log in"
      lead="For the Fineline team: every inquiry from the site, with its notes and follow-ups."
    >
      {/* method="post": if a submit ever beats the script, the password is never put in a URL. */}
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="grid gap-2.5"
      >
        <CredentialFields idPrefix={id} purpose="sign-in" />
        <Link
          to="/forgot-password"
          className="justify-self-start py-0.5 text-sm font-semibold text-accent-strong underline underline-offset-4"
        >
          Forgot password?
        </Link>
        <FormStatus id={`${id}-status`} message={error ? { kind: "error", text: error } : null} />
        <div className="flex flex-wrap items-center gap-1.5">
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Logging in…" : "Log In"}
          </button>
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => navigate("/signup")}
          >
            Sign Up
          </button>
        </div>
      </form>
    </AuthScreen>
  );
}
