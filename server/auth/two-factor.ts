import type { SecondFactorMethod } from "../../domain/mfa.ts";
import type { Db } from "../db/connect.ts";
import { dropRecoveryCodes, hasTotp } from "./mfa.repository.ts";
import { signMfaToken } from "./mfa-token.ts";
import { hasPasskey } from "./passkeys.repository.ts";
import type { TokenSettings } from "./tokens.ts";
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
async function secondFactorsOf(db: Db, user: User): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = hasTotp(user) ? ["totp"] : [];
  if (await hasPasskey(db, user.id)) methods.push("passkey");
  return methods;
}

/**
 * What a right password answers for an account with two-factor sign-in on (the login, a
 * reset link): `{ mfaRequired: true, mfaToken }`, the right to try a second factor for 5
 * minutes, and no session; null without two-factor. `methods` is added only when a passkey is
 * among them: an account with app codes alone gets the answer as it always was, and a page
 * that finds no `methods` asks for a code.
 */
export async function mfaChallengeFor(db: Db, tokens: TokenSettings, user: User, now: Date) {
  const methods = await secondFactorsOf(db, user);
  if (methods.length === 0) return null;
  return {
    mfaRequired: true as const,
    mfaToken: await signMfaToken(tokens, user.id, Number(user.token_version), now),
    ...(methods.includes("passkey") ? { methods } : {}),
  };
}

/**
 * Takes every second factor off an account (an owner's reset for someone who lost them): the
 * app's secret, the recovery codes, the passkeys and any challenge handed out for them. In the
 * caller's transaction, beside ending the person's sessions.
 */
export async function clearSecondFactors(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      mfa_enabled_at: null,
    })
    .where("id", "=", userId)
    .execute();
  await dropRecoveryCodes(db, userId);
  await db.deleteFrom("passkeys").where("user_id", "=", userId).execute();
  await db.deleteFrom("webauthn_challenges").where("user_id", "=", userId).execute();
}
