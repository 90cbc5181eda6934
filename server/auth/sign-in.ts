import type { SessionResponse } from "../../domain/auth.ts";
import type { Db } from "../db/connect.ts";
import { createSession } from "./sessions.repository.ts";
import { signAccessToken, type TokenSettings } from "./tokens.ts";
import { recordSignIn, type User } from "./users.repository.ts";

/**
 * A new session for `user`, as the login's body (docs/product.md, "Login"): sign-up, login and
 * an accepted invitation all answer with it. The team screen shows when it last happened.
 */
export async function signIn(db: Db, tokens: TokenSettings, user: User): Promise<SessionResponse> {
  const now = new Date();
  await recordSignIn(db, user.id, now);
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    accessToken: await signAccessToken(tokens, user.id, { version: Number(user.token_version) }),
    refreshToken: (await createSession(db, user.id, now)).refreshToken,
  };
}
