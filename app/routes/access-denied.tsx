import { AuthScreen, NextSteps } from "../components/auth-screen.tsx";
import { privateMeta } from "../seo.ts";
import { readSession } from "../session/storage.ts";
import type { Route } from "./+types/access-denied";

export const meta = () => privateMeta("Access denied");

export function clientLoader() {
  const session = readSession();
  return { email: typeof session?.email === "string" ? session.email : null };
}

// The served HTML (prerendered) is the whole screen but for the account's address, which only
// the browser knows: without JavaScript it still says where the visitor is and why.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccessDeniedScreen email={null} />;
}

/**
 * Where the admin check sends a logged-in user who is not an admin (docs/product.md, "Verify,
 * refresh, logout").
 */
export default function AccessDenied({ loaderData }: Route.ComponentProps) {
  return <AccessDeniedScreen email={loaderData.email} />;
}

function AccessDeniedScreen({ email }: { email: string | null }) {
  return (
    <AuthScreen
      eyebrow="Studio area"
      title="Access denied"
      lead="The admin area is only for the studio's administrators."
    >
      <p className="text-lg">
        {email ? (
          <>
            You're logged in as <strong className="break-all">{email}</strong>, which doesn't have
            admin access.
          </>
        ) : (
          "This account doesn't have admin access."
        )}
      </p>
      <p className="mt-1 text-muted">
        If it should, ask the studio's owner to grant it, then log in again. To use a different
        account, log out first.
      </p>
      <NextSteps
        links={[
          { to: "/logout", label: "Log out" },
          { to: "/", label: "Back to the homepage" },
        ]}
      />
    </AuthScreen>
  );
}
