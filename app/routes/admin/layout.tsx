import { NavLink, Outlet } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { OwnerClockProvider } from "../../components/admin/owner-clock.tsx";
import { Container } from "../../components/layout.tsx";
import { adminSessionContext, requireAdminSession } from "../../session/admin-guard.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/layout";

/**
 * Every admin page passes through here: the guard runs before any admin loader, on every
 * navigation into or within /admin, so no admin data is fetched for someone who may not see it.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request, context }) => {
    const { pathname, search } = new URL(request.url);
    context.set(adminSessionContext, await requireAdminSession(`${pathname}${search}`));
  },
];

export async function clientLoader({ context }: Route.ClientLoaderArgs) {
  const { id, email, firstName } = context.get(adminSessionContext);
  // The owner's time zone, for what is due and how dates read; the browser's if unknown.
  const settings = await authGet(endpoints.settings);
  return { admin: { id, email, firstName }, timeZone: settings.ok ? settings.data.timeZone : null };
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-5 items-center rounded-sm px-1.5 font-semibold transition-colors ${
    isActive ? "bg-ink text-paper" : "text-ink hover:bg-paper-dim"
  }`;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin } = loaderData;
  return (
    <div className="min-h-[80vh] pt-12 pb-10">
      <div className="border-b border-line bg-paper-dim/60">
        <Container className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
          <nav aria-label="Admin" className="flex items-center gap-1">
            <NavLink to="/admin" end className={tabClass}>
              Overview
            </NavLink>
            <NavLink to="/admin/leads" className={tabClass}>
              Leads
            </NavLink>
          </nav>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
            <span className="truncate">
              Logged in as <span className="font-semibold text-ink">{admin.email}</span>
            </span>
            <NavLink
              to="/logout"
              className="font-semibold text-accent-strong underline underline-offset-4"
            >
              Log out
            </NavLink>
          </p>
        </Container>
      </div>
      <OwnerClockProvider timeZone={loaderData.timeZone}>
        <Outlet />
      </OwnerClockProvider>
    </div>
  );
}
