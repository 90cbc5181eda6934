import { endpoints } from "../../domain/endpoints.ts";
import { AuthScreen, NextSteps } from "../components/auth-screen.tsx";
import { privateMeta } from "../seo.ts";
import { postJson } from "../session/api.ts";
import { clearSession, readSession } from "../session/storage.ts";
import type { Route } from "./+types/logout";

export const meta = () => privateMeta("Log out");

/**
 * Revokes the session's refresh-token family on the server, then forgets it here. The
 * local session is cleared whatever the server says: logging out must always work.
 */
export async function clientLoader() {
  const session = readSession();
  if (session) {
    await postJson(
      endpoints.logout,
      { refresh: session.refreshToken },
      { "x-access-token": session.accessToken },
    );
    clearSession();
  }
  return { wasLoggedIn: session !== null };
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <AuthScreen
      eyebrow="Studio area"
      title={loaderData.wasLoggedIn ? "You're logged out" : "You're not logged in"}
      lead={
        loaderData.wasLoggedIn
          ? "Your session has ended on this device and can't be used again."
          : "There was no session on this device to end."
      }
    >
      <p role="status" className="text-lg">
        {loaderData.wasLoggedIn ? "Logged out. See you next time." : "Nothing to do here."}
      </p>
      <NextSteps
        links={[
          { to: "/", label: "Back to the homepage" },
          { to: "/login", label: "Log in again" },
        ]}
      />
    </AuthScreen>
  );
}
