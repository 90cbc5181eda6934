import { useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { dateTimeLabel } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { limits } from "../../domain/limits.ts";
import { roleDescriptions } from "../../domain/team.ts";
import { AuthScreen, NextSteps } from "../components/auth-screen.tsx";
import { AccountAddress, NameFields, PasswordField } from "../components/credential-fields.tsx";
import { FormStatus } from "../components/form-fields.tsx";
import { buttonClass } from "../components/layout.tsx";
import { privateMeta } from "../seo.ts";
import { linkPreview, postJson, unexpectedAnswer } from "../session/api.ts";
import { saveSession, sessionFrom } from "../session/storage.ts";
import type { Route } from "./+types/invite";

export const meta = () => privateMeta("Join the team");

export const clientLoader = ({ params }: Route.ClientLoaderArgs) =>
  linkPreview(endpoints.invitation, params.token, "this invitation");

/**
 * A team invitation's link (docs/team.md, "Invitations"): it says who invites, to which role
 * and until when; a new colleague chooses a password and gives their name, someone with an
 * account logs in with it. Either way they are signed in and taken to their first screen.
 */
export default function Invite({ loaderData, params }: Route.ComponentProps) {
  const id = useId();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const { preview, problem } = loaderData;

  if (!preview) {
    return (
      <AuthScreen
        eyebrow="Studio team"
        title="Join the team"
        lead="Invitations come by e-mail from the studio's owner."
      >
        <p role="alert" className="text-lg">
          {problem}
        </p>
        <NextSteps
          links={[
            { to: "/login", label: "Log in" },
            { to: "/home", label: "Go to the homepage" },
          ]}
        />
      </AuthScreen>
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !preview) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const body = preview.hasAccount
      ? { password: text("password") }
      : {
          password: text("password"),
          first_name: text("first_name").trim(),
          last_name: text("last_name").trim(),
        };
    if (body.password.length < 8 || body.password.length > limits.password) {
      setError("Passwords are 8 to 60 characters.");
      return;
    }
    inFlight.current = true;
    setSending(true);
    setError(null);
    const result = await postJson(
      endpoints.acceptInvitation,
      body,
      {},
      {
        params: { token: params.token },
      },
    );
    inFlight.current = false;
    setSending(false);
    const session = result.ok ? sessionFrom(result.raw) : null;
    if (result.ok && session) {
      saveSession(session);
      // The admin sends each role to its own first screen.
      navigate("/admin", { replace: true });
      return;
    }
    setError(
      (result.ok ? unexpectedAnswer : result.error) ??
        (result.status === 0
          ? "We couldn't reach the server. Check your connection and try again."
          : "We couldn't accept the invitation. Please try again."),
    );
  }

  const until = dateTimeLabel(preview.expiresAt, Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <AuthScreen
      eyebrow="Studio team"
      title={`Join ${preview.studio}`}
      lead={`${preview.invitedBy ?? "The studio"} invites you to the team as ${roleDescriptions[preview.role]}.`}
    >
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${id}-status`}
        className="grid gap-2.5 sm:grid-cols-2"
      >
        <AccountAddress
          email={preview.email}
          note={
            preview.hasAccount
              ? "You already have an account with this address: log in with its password to accept."
              : `This link works once, until ${until}.`
          }
          className="sm:col-span-2"
        />
        <PasswordField
          id={`${id}-password`}
          label={preview.hasAccount ? "Password" : "Choose a password"}
          choosing={!preview.hasAccount}
          className="sm:col-span-2"
        />
        {preview.hasAccount ? null : <NameFields idPrefix={id} />}
        <FormStatus
          id={`${id}-status`}
          className="sm:col-span-2"
          message={error ? { kind: "error", text: error } : null}
        />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <button type="submit" aria-disabled={sending} className={buttonClass()}>
            {sending ? "Joining…" : preview.hasAccount ? "Log in and join" : "Join the team"}
          </button>
          <Link
            to="/home"
            className="font-semibold text-accent-strong underline underline-offset-4"
          >
            Not now
          </Link>
        </div>
      </form>
    </AuthScreen>
  );
}
