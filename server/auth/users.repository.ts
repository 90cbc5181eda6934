import type { Selectable } from "kysely";
import type { AccountRole } from "../../domain/roles.ts";
import type { Db } from "../db/connect.ts";
import type { UsersTable } from "../db/schema-accounts.ts";
import { uuidv7 } from "../db/uuid.ts";
import { endOtherSessions, revokeUserSessions } from "./sessions.repository.ts";

/** All SQL for users. */

export type User = Selectable<UsersTable>;
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email_normalized", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The account an access token names, if the session (refresh-token family) it was issued in
 * is still its own and not ended: one query, on every request the guard checks.
 */
export async function findUserInSession(
  db: Db,
  id: string,
  familyId: string,
): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("refresh_tokens")
          .select("refresh_tokens.id")
          .where("refresh_tokens.family_id", "=", familyId)
          .where("refresh_tokens.user_id", "=", id)
          .where("refresh_tokens.revoked_at", "is", null),
      ),
    )
    .executeTakeFirst();
}

/**
 * A new password for the account (docs/team.md, "Your own account"), in the caller's
 * transaction: the token version is bumped (every access token issued before is refused, and a
 * pending second-step token with it), every session but `keep` ends (all of them when null),
 * and every reset link not yet used stops working. Resolves to the new token version and how
 * many sessions ended.
 */
export async function applyNewPassword(
  trx: Db,
  input: { id: string; passwordHash: string; keep: string | null },
  now: Date,
): Promise<{ tokenVersion: number; sessionsEnded: number }> {
  const updated = await trx
    .updateTable("users")
    .set((eb) => ({
      password_hash: input.passwordHash,
      token_version: eb("token_version", "+", 1),
      updated_at: now.toISOString(),
    }))
    .where("id", "=", input.id)
    .returning("token_version")
    .executeTakeFirstOrThrow();
  const sessionsEnded = await endOtherSessions(trx, input.id, input.keep, now);
  await trx
    .updateTable("password_resets")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", input.id)
    .where("used_at", "is", null)
    .execute();
  return { tokenVersion: Number(updated.token_version), sessionsEnded };
}

/** applyNewPassword in a transaction of its own: never a new password with old sessions alive. */
export const setPassword = (
  db: Db,
  input: { id: string; passwordHash: string; keep: string | null },
  now: Date,
) => db.transaction().execute((trx) => applyNewPassword(trx, input, now));

/** Creates a user; resolves to null when the e-mail is taken (case-insensitively). */
export async function createUser(
  db: Db,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    role: AccountRole;
  },
  now = new Date(),
): Promise<User | null> {
  const at = now.toISOString();
  const row = {
    id: uuidv7(now.getTime()),
    email: input.email.trim(),
    email_normalized: normalizeEmail(input.email),
    first_name: input.firstName,
    last_name: input.lastName,
    password_hash: input.passwordHash,
    role: input.role,
    created_at: at,
    updated_at: at,
  };
  const inserted = await db
    .insertInto("users")
    .values(row)
    .onConflict((oc) => oc.column("email_normalized").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  return (await findUserById(db, row.id)) ?? null;
}

/**
 * Makes an account an owner with a new password, and ends every session it had: all its
 * refresh tokens are revoked and its token version bumped, so access tokens issued before
 * stop working for admin calls at once. One transaction: never a new password with old
 * sessions still alive.
 */
export async function makeOwner(
  db: Db,
  id: string,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set((eb) => ({
        role: "owner",
        password_hash: passwordHash,
        token_version: eb("token_version", "+", 1),
        updated_at: now.toISOString(),
      }))
      .where("id", "=", id)
      .execute();
    await revokeUserSessions(trx, id, now);
  });
}

/** When the account last signed in (a login, an accepted invitation): the team screen shows it. */
export async function recordSignIn(db: Db, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set({ last_sign_in_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}
