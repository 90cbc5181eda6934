import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { validateSignup } from "../../domain/auth.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { AuthScreen, NextSteps } from "../components/auth-screen.tsx";
import { CredentialFields, NameFields } from "../components/credential-fields.tsx";
import { FormStatus } from "../components/form-fields.tsx";
import { buttonClass } from "../components/layout.tsx";
import { privateMeta } from "../seo.ts";
import { postJson, unexpectedAnswer } from "../session/api.ts";
import { saveSession, sessionFrom } from "../session/storage.ts";

export const meta = () => privateMeta("Sign up");

type State =
  | { kind: "editing"; error: string | null }
  | { kind: "sending" }
  | { kind: "done"; firstName: string };

/**
 * Sign-up: the same rules as the server (domain/auth.ts) checked before sending, the
 * server's message shown when it refuses. Success signs the new user in.
 */
export default function Signup() {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "editing", error: null });
  const inFlight = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const checked = validateSignup(form);
    if (!checked.ok) {
      setState({ kind: "editing", error: checked.message });
      return;
    }
    inFlight.current = true;
    setState({ kind: "sending" });
    const result = await postJson(endpoints.signup, checked.value);
    inFlight.current = false;
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (result.ok && session) {
      saveSession(session);
      setState({ kind: "done", firstName: result.data.firstName ?? checked.value.first_name });
      return;
    }
    setState({
      kind: "editing",
      error:
        (result.ok ? unexpectedAnswer : result.error) ??
        (result.status === 0
          ? "We couldn't reach the server. Check your connection and try again."
          : "We couldn't create your account. Please try again."),
    });
  }

  if (state.kind === "done") {
    return (
      <AuthScreen eyebrow="Studio area" title="Sign up" lead="Accounts are for the Fineline team.">
        <div role="status" aria-live="polite">
          <h2 className="text-2xl font-bold">Welcome, {state.firstName}.</h2>
          <p className="mt-1 text-muted">
            Your account is ready and you are logged in. The studio's owner can give it access to
            the lead tracker.
          </p>
        </div>
        <NextSteps
          links={[
            { to: "/home", label: "Go to the homepage" },
            { to: "/logout", label: "Log out" },
          ]}
        />
      </AuthScreen>
    );
  }

  const sending = state.kind === "sending";
  return (
    <AuthScreen
      eyebrow="Studio area"
      title="Sign up"
      lead="Accounts are for the Fineline team and the people we work with."
    >
      {/* method="post": if a submit ever beats the script, the password is never put in a URL. */}
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="grid gap-2.5 sm:grid-cols-2"
      >
        <CredentialFields idPrefix={id} purpose="sign-up" />
        <NameFields idPrefix={id} />
        <FormStatus
          id={`${id}-status`}
          className="sm:col-span-2"
          message={
            state.kind === "editing" && state.error ? { kind: "error", text: state.error } : null
          }
        />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Creating your account…" : "Sign Up"}
          </button>
          <Link
            to="/login"
            className="font-semibold text-accent-strong underline underline-offset-4"
          >
            Log in instead
          </Link>
        </div>
      </form>
    </AuthScreen>
  );
}
