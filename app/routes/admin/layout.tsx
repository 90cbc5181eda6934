import { Link, NavLink, Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { adminRedirectFor, mayCall, sectionsFor } from "../../../domain/roles.ts";
import { site } from "../../../domain/site.ts";
import { AdminNav } from "../../components/admin/admin-nav.tsx";
import { AdminSettingsProvider } from "../../components/admin/admin-settings.tsx";
import { LeadOwnersProvider } from "../../components/admin/lead-owners.tsx";
import { OwnerClockProvider } from "../../components/admin/owner-clock.tsx";
import { adminPageClass } from "../../components/admin/page-header.tsx";
import { TeamRoleProvider } from "../../components/admin/team-role.tsx";
import { BrandMark } from "../../components/brand-mark.tsx";
import { adminSessionContext, adminSessionFor } from "../../session/admin-guard.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/layout";

/**
 * Every admin page passes through here: the guard runs before any admin loader, on every
 * navigation into or within /admin, so no admin data is fetched for someone who may not see it.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request, context }) => {
    const url = new URL(request.url);
    const session = await adminSessionFor(url);
    // A screen outside the role's work is not shown at all: its calls would only answer 403.
    const elsewhere = adminRedirectFor(session.role, url.pathname);
    if (elsewhere) throw redirect(elsewhere);
    // The studio requires two-factor sign-in and this account has none yet: its setup first.
    if (session.mustSetUpTwoFactor && url.pathname !== accountPath) throw redirect(accountPath);
    context.set(adminSessionContext, session);
  },
];

/**
 * The owner's settings do not change while the admin is open: a new search on a page (each
 * pause in typing in the tracker's search box) reloads the page's own data, not these.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

const accountPath = "/admin/account";

export async function clientLoader({ context }: Route.ClientLoaderArgs) {
  const { id, email, firstName, role, mustSetUpTwoFactor } = context.get(adminSessionContext);
  // The owner's time zone, for what is due and how dates read; the browser's if unknown.
  // Who leads can be given to, for the roles that work them.
  const [settings, owners] = await Promise.all([
    authGet(endpoints.settings),
    mayCall(role, "leadOwners") && !mustSetUpTwoFactor ? authGet(endpoints.leadOwners) : null,
  ]);
  return {
    admin: { id, email, firstName, role },
    timeZone: settings.ok ? settings.data.timeZone : null,
    settings: settings.ok ? settings.data : null,
    leadOwners: { me: id, people: owners?.ok ? owners.data.people : [] },
    mustSetUpTwoFactor: Boolean(mustSetUpTwoFactor),
  };
}

/**
 * The admin's own shell (ADR 013): a workspace header with its sections, the account and
 * Log out, instead of the marketing site's navigation and footer.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin } = loaderData;
  const home = sectionsFor(admin.role)[0] ?? { to: "/admin", label: "Overview" };
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur-sm">
        {/* The page frame's own width and padding: the brand is the left edge every title starts on. */}
        <div
          className={`${adminPageClass} grid grid-cols-[auto_1fr] items-center gap-x-3 min-[1024px]:h-7 min-[1024px]:grid-cols-[auto_auto_1fr]`}
        >
          <Link
            to={home.to}
            className="flex h-6 shrink-0 items-center gap-1 rounded-sm font-bold tracking-tight"
          >
            <BrandMark className="size-3.5" />
            <span>{loaderData.settings?.studioName ?? site.name}</span>
            <span className="sr-only">: admin {home.label.toLowerCase()}</span>
          </Link>
          <AdminNav role={admin.role} />
          <p className="flex min-w-0 items-center justify-end gap-1.5 text-sm text-muted">
            <span className="hidden truncate sm:inline">
              Logged in as{" "}
              <Link
                to="/admin/account"
                className="font-semibold text-ink underline-offset-4 hover:underline"
              >
                {admin.email}
              </Link>
            </span>
            <NavLink
              to="/logout"
              className="inline-flex min-h-[44px] shrink-0 items-center font-semibold text-accent-strong underline underline-offset-4 min-[1024px]:min-h-0"
            >
              Log out
            </NavLink>
          </p>
        </div>
      </header>
      <OwnerClockProvider timeZone={loaderData.timeZone}>
        <AdminSettingsProvider value={loaderData.settings}>
          <TeamRoleProvider value={admin.role}>
            <LeadOwnersProvider value={loaderData.leadOwners}>
              <div className="pb-8">
                {loaderData.mustSetUpTwoFactor ? <TwoFactorFirst /> : null}
                <Outlet />
              </div>
            </LeadOwnersProvider>
          </TeamRoleProvider>
        </AdminSettingsProvider>
      </OwnerClockProvider>
    </div>
  );
}

/** Said above Your account while the studio requires two-factor sign-in and it is not on yet. */
function TwoFactorFirst() {
  return (
    <div className={`${adminPageClass} pt-2`}>
      <p
        role="status"
        className="max-w-3xl rounded-sm border border-accent-strong bg-[#fff1e8] px-1.5 py-1 font-semibold"
      >
        The studio requires two-factor sign-in. Set it up below; the rest of the admin opens once it
        is on.
      </p>
    </div>
  );
}
