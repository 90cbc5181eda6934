import { type Kysely, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// A team with roles (docs/decisions/035): `users.role` held "user" or "admin"; it now holds
// "user" (no access) or a team role, and every admin so far is an owner. The column's own CHECK
// cannot be changed in place on SQLite, so a new column takes its place: added, filled,
// the old one dropped (its column CHECK goes with it) and the new one renamed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("team_role", "text", (c) =>
      c
        .notNull()
        .defaultTo("user")
        .check(sql.raw("team_role in ('user','owner','member','editor')")),
    )
    .execute();
  await sql`update users set team_role = 'owner' where role = 'admin'`.execute(db);
  await db.schema.alterTable("users").dropColumn("role").execute();
  await db.schema.alterTable("users").renameColumn("team_role", "role").execute();
}
