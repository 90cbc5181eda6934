import type { Db } from "../db/connect.ts";

/**
 * The team's two-factor policy (docs/team.md, "Two-factor sign-in"): whether an owner requires
 * it of everyone. Read on each request that needs it, never cached, so turning it on binds
 * every instance at once.
 */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("team_policy")
    .select("require_two_factor")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Boolean(row?.require_two_factor);
}

/** Sets the policy; resolves to what it was. */
export async function setTwoFactorRequired(db: Db, required: boolean): Promise<boolean> {
  const before = await twoFactorRequired(db);
  await db
    .updateTable("team_policy")
    .set({ require_two_factor: required })
    .where("id", "=", 1)
    .execute();
  return before;
}
