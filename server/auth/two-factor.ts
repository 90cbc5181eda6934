import type { SecondFactorMethod } from "../../domain/mfa.ts";
import type { Db } from "../db/connect.ts";
import { hasTotp } from "./mfa.repository.ts";
import { hasPasskey } from "./passkeys.repository.ts";
import type { User } from "./users.repository.ts";

/**
 * Whether an account has two-factor sign-in on (docs/team.md, "Two-factor sign-in"): codes
 * from an app, or at least one passkey. What the team's rule, the login and the team list
 * mean by "two-factor on". The app's secret is on the row already; passkeys cost a query only
 * for accounts without it.
 */
export async function hasTwoFactor(db: Db, user: User): Promise<boolean> {
  return hasTotp(user) || (await hasPasskey(db, user.id));
}

/** The second factors a login may finish with, in the order the login page offers them. */
export async function secondFactorsOf(db: Db, user: User): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = hasTotp(user) ? ["totp"] : [];
  if (await hasPasskey(db, user.id)) methods.push("passkey");
  return methods;
}
