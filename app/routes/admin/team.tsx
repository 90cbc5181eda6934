import { Link } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { AssignmentModeChoice } from "../../features/team/assignment-mode.tsx";
import { TeamPeople } from "../../features/team/team-people.tsx";
import { TwoFactorPolicy } from "../../features/team/two-factor-policy.tsx";
import { privateMeta } from "../../seo.ts";
import { adminSessionContext } from "../../session/admin-guard.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/team";

export const meta = () => privateMeta("Team");

/** The team as saved; the layout's guard ran first (owners only: domain/roles.ts). */
export async function clientLoader({ context }: Route.ClientLoaderArgs) {
  const me = context.get(adminSessionContext).id;
  const team = await authGet(endpoints.team);
  return team.ok
    ? { team: team.data, error: null, me }
    : { team: null, error: team.error ?? leadTexts.failed, me };
}

/**
 * The team (/admin/team, docs/team.md): who can open the admin and with which role, when each
 * last signed in, the invitations waiting to be accepted, and how new leads get their owner.
 */
export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  const clock = useOwnerClock();
  return (
    <AdminPage>
      <AdminPageHeader
        title="Team"
        description={
          <p>
            Everyone who can open the admin, and what their role lets them do. A change takes effect
            on their next click; someone removed is signed out everywhere at once.
          </p>
        }
        actions={
          <Link to="/admin/audit" className={buttonClass("secondary", "sm")}>
            Audit log
          </Link>
        }
      />
      {loaderData.team ? (
        <>
          <TeamPeople initial={loaderData.team} me={loaderData.me} timeZone={clock.timeZone} />
          <AssignmentModeChoice initial={loaderData.team.assignment ?? "manual"} />
          <TwoFactorPolicy initial={loaderData.team.twoFactorRequired ?? false} />
        </>
      ) : (
        <div className="mt-2">
          <FormMessage kind="error">{loaderData.error}</FormMessage>
        </div>
      )}
    </AdminPage>
  );
}
