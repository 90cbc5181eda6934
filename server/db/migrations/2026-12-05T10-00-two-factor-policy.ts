import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The owner can require two-factor sign-in of everyone on the team (docs/team.md,
// "Two-factor sign-in"): one row of team-wide policy, off until an owner turns it on.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const bool = sqlite ? "integer" : "boolean";
  await db.schema
    .createTable("team_policy")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("require_two_factor", sql.raw(bool), (c) =>
      c.notNull().defaultTo(sql.raw(sqlite ? "0" : "false")),
    )
    .execute();
  await sql`insert into team_policy (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("team_policy").execute();
}
