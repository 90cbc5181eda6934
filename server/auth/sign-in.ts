import type { SessionResponse } from "../../domain/auth.ts";
import type { Db } from "../db/connect.ts";
import { type ClientInfo, createSession, noClient } from "./sessions.repository.ts";
import { signAccessToken, type TokenSettings } from "./tokens.ts";
import { recordSignIn, type User } from "./users.repository.ts";

/**
 * A new session for `user`, as the login's body (docs/product.md, "Login"): sign-up, login and
 * an accepted invitation all answer with it. The team screen shows when it last happened.
 */
export async function signIn(
  db: Db,
  tokens: TokenSettings,
  user: User,
  client: ClientInfo = noClient,
): Promise<SessionResponse> {
  const now = new Date();
  await recordSignIn(db, user.id, now);
  const { refreshToken, familyId } = await createSession(db, user.id, now, client);
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    accessToken: await signAccessToken(tokens, user.id, {
      version: Number(user.token_version),
      session: familyId,
    }),
    refreshToken,
  };
}

/** The browser and address of a request, for the session it starts or refreshes. */
export const clientOf = (request: {
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}): ClientInfo => {
  const agent = request.headers["user-agent"];
  return { userAgent: typeof agent === "string" && agent ? agent : null, ip: request.ip || null };
};
