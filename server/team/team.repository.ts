import { PostgresAdapter, type Selectable, type Transaction } from "kysely";
import { isTeamRole, type TeamRole } from "../../domain/roles.ts";
import type { TeamMember } from "../../domain/team.ts";
import { revokeUserSessions } from "../auth/sessions.repository.ts";
import { clearSecondFactors } from "../auth/two-factor.ts";
import type { Db } from "../db/connect.ts";
import { type Database, toIso } from "../db/schema.ts";
import type { UsersTable } from "../db/schema-accounts.ts";
import { returnOpenLeads } from "./assignment.repository.ts";

/** Who makes a change to the team, as a lead's history names them. */
type Actor = { id: string | null; email: string };

/** All SQL for the team's people (docs/team.md). */

const roleOrder: Record<TeamRole, number> = { owner: 0, member: 1, editor: 2 };

/** A user row with whether the account has a passkey, which counts as two-factor on. */
type MemberRow = Selectable<UsersTable> & { has_passkey: unknown };

/** Every user column, and whether the account has a passkey (docs/team.md, "Two-factor sign-in"). */
const membersFrom = (db: Db) =>
  db
    .selectFrom("users")
    .selectAll("users")
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("passkeys")
            .select("passkeys.id")
            .whereRef("passkeys.user_id", "=", "users.id"),
        )
        .as("has_passkey"),
    );

export const memberOf = (user: MemberRow): TeamMember => ({
  id: user.id,
  email: user.email,
  firstName: user.first_name,
  lastName: user.last_name,
  role: user.role as TeamRole,
  lastSignInAt: user.last_sign_in_at ? toIso(user.last_sign_in_at) : null,
  available: Boolean(user.available),
  twoFactor: Boolean(user.totp_secret) || Boolean(user.has_passkey),
});

/** Everyone on the team: owners first, then members, then editors, each by name. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await membersFrom(db).where("role", "in", ["owner", "member", "editor"]).execute();
  return rows
    .map(memberOf)
    .sort(
      (a, b) =>
        roleOrder[a.role] - roleOrder[b.role] ||
        `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`) ||
        a.email.localeCompare(b.email),
    );
}

/** "First Last" of an account, or null when it is gone (an inviter who left). */
export async function nameOf(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name"])
    .where("id", "=", id)
    .executeTakeFirst();
  return user ? `${user.first_name} ${user.last_name}` : null;
}

export async function findMember(db: Db, id: string): Promise<TeamMember | undefined> {
  const user = await membersFrom(db).where("id", "=", id).executeTakeFirst();
  return user && isTeamRole(user.role) ? memberOf(user) : undefined;
}

/** `before`: the person's role as the change found it, in the same transaction. */
type Outcome =
  /** `returned`: how many of their open leads went back to no one. */
  | { kind: "done"; member: TeamMember; before: TeamRole; returned: number }
  | { kind: "unknown" }
  | { kind: "last-owner" };

/**
 * Runs `change` on a team member unless it would leave the team without an owner. The owners'
 * rows are locked first (PostgreSQL; SQLite's write lock serializes every transaction here),
 * so two owners demoting each other at once cannot both succeed: the second sees the first's
 * change and is refused.
 */
async function keepingAnOwner(
  db: Db,
  id: string,
  leavesOwnerRole: (current: TeamRole) => boolean,
  change: (trx: Transaction<Database>, user: Selectable<UsersTable>) => Promise<number>,
): Promise<Outcome> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    const owners = trx.selectFrom("users").select("id").where("role", "=", "owner");
    const ownerIds = (await (postgres ? owners.forUpdate() : owners).execute()).map((o) => o.id);
    const user = await trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    if (!user || !isTeamRole(user.role)) return { kind: "unknown" };
    if (leavesOwnerRole(user.role) && ownerIds.filter((owner) => owner !== id).length === 0)
      return { kind: "last-owner" };
    const returned = await change(trx, user);
    const after = await membersFrom(trx).where("id", "=", id).executeTakeFirst();
    return after
      ? { kind: "done", member: memberOf(after), before: user.role, returned }
      : { kind: "unknown" };
  });
}

/**
 * A new role, effective on the person's next request (the guard reads it every time). An
 * editor owns no leads: someone made one gives their open leads back to no one.
 */
export const changeRole = (db: Db, id: string, role: TeamRole, by: Actor, now: Date) =>
  keepingAnOwner(
    db,
    id,
    (current) => current === "owner" && role !== "owner",
    async (trx, user) => {
      await trx
        .updateTable("users")
        .set({ role, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
      return role === "editor" ? returnOpenLeads(trx, id, { email: user.email, by, now }) : 0;
    },
  );

/**
 * Off the team: the account stays (its history names it) without a role, every refresh token
 * is revoked and the token version bumped, so its access tokens fail from the next request
 * on every instance.
 */
export const removeMember = (db: Db, id: string, by: Actor, now: Date) =>
  keepingAnOwner(
    db,
    id,
    (current) => current === "owner",
    async (trx, user) => {
      await trx
        .updateTable("users")
        .set((eb) => ({
          role: "user",
          token_version: eb("token_version", "+", 1),
          updated_at: now.toISOString(),
        }))
        .where("id", "=", id)
        .execute();
      await revokeUserSessions(trx, id, now);
      return returnOpenLeads(trx, id, { email: user.email, by, now });
    },
  );

/**
 * Someone's second factors taken off by an owner (docs/team.md, "Two-factor sign-in"), with
 * every session they have ended in the same transaction: whoever holds their lost phone or a
 * stolen session is out, and they sign in again with their password alone.
 */
export async function resetTwoFactor(
  db: Db,
  id: string,
  now: Date,
): Promise<{ kind: "done"; member: TeamMember } | { kind: "unknown" } | { kind: "none" }> {
  return db.transaction().execute(async (trx) => {
    const user = await membersFrom(trx).where("id", "=", id).executeTakeFirst();
    if (!user || !isTeamRole(user.role)) return { kind: "unknown" };
    if (!memberOf(user).twoFactor) return { kind: "none" };
    await clearSecondFactors(trx, id);
    await trx
      .updateTable("users")
      .set((eb) => ({ token_version: eb("token_version", "+", 1), updated_at: now.toISOString() }))
      .where("id", "=", id)
      .execute();
    await revokeUserSessions(trx, id, now);
    const after = await membersFrom(trx).where("id", "=", id).executeTakeFirstOrThrow();
    return { kind: "done", member: memberOf(after) };
  });
}

/** What someone changes about themselves: availability and name; what is left out stays. */
export async function updateMe(
  db: Db,
  id: string,
  changes: {
    available?: boolean | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
  },
  now: Date,
): Promise<void> {
  if (Object.values(changes).every((value) => value === undefined)) return;
  await db
    .updateTable("users")
    .set({
      ...(changes.available === undefined ? {} : { available: changes.available }),
      ...(changes.firstName === undefined ? {} : { first_name: changes.firstName }),
      ...(changes.lastName === undefined ? {} : { last_name: changes.lastName }),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}
