import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { UsersTable } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

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

/** Creates a user; resolves to null when the e-mail is taken (case-insensitively). */
export async function createUser(
  db: Db,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    role: "user" | "admin";
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

export async function setRole(
  db: Db,
  id: string,
  role: "user" | "admin",
  passwordHash?: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      role,
      updated_at: new Date().toISOString(),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    })
    .where("id", "=", id)
    .execute();
}
