import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest, migrations } from "../db/migrate.ts";
import { testEngines } from "../test-support/databases.ts";
import { findUserByEmail } from "./users.repository.ts";

const teamRoles = "2026-12-04T09-00-team-roles";
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < teamRoles));

/**
 * An existing installation moving to team roles (docs/decisions/035): its admin becomes the
 * owner, a signed-up account stays without access, and their sessions survive the column's
 * replacement; afterwards the database itself refuses a role outside the four.
 */
describe.each(testEngines)("the team-roles migration on $name", (engine) => {
  it("makes every admin an owner and keeps each account's sessions", async () => {
    const database = await engine.open({ migrate: false });
    const db = database.db as unknown as Kysely<{
      users: Record<string, unknown>;
      refresh_tokens: Record<string, unknown>;
    }>;
    await migrateToLatest(database.db as unknown as Kysely<unknown>, before);
    const at = new Date().toISOString();
    const account = (email: string, role: string) => ({
      id: crypto.randomUUID(),
      email,
      email_normalized: email,
      first_name: "A",
      last_name: "B",
      password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
      role,
      created_at: at,
      updated_at: at,
    });
    const admin = account("owner@fineline.studio", "admin");
    const user = account("visitor@example.com", "user");
    await db.insertInto("users").values([admin, user]).execute();
    // A session as that schema stored it (today's createSession writes later columns too).
    await db
      .insertInto("refresh_tokens")
      .values({
        id: crypto.randomUUID(),
        token_hash: "a-hash",
        user_id: admin.id,
        family_id: crypto.randomUUID(),
        parent_id: null,
        created_at: at,
        used_at: null,
        revoked_at: null,
        idle_expires_at: at,
        expires_at: at,
      })
      .execute();

    await migrateToLatest(database.db as unknown as Kysely<unknown>);
    expect((await findUserByEmail(database.db, admin.email))?.role).toBe("owner");
    expect((await findUserByEmail(database.db, user.email))?.role).toBe("user");
    const tokens = await database.db.selectFrom("refresh_tokens").select("user_id").execute();
    expect(tokens).toEqual([{ user_id: admin.id }]);
    // New accounts start without access; an unknown role is refused by the database.
    await db
      .insertInto("users")
      .values({ ...account("new@example.com", "user"), role: undefined })
      .execute();
    expect((await findUserByEmail(database.db, "new@example.com"))?.role).toBe("user");
    await expect(
      db.insertInto("users").values(account("old-style@example.com", "admin")).execute(),
    ).rejects.toThrow();
    await database.close();
  });
});
