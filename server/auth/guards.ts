import type { FastifyReply, FastifyRequest } from "fastify";
import { endpointNameOf } from "../../domain/endpoints.ts";
import { endpointRoles, isTeamRole, type TeamEndpoint, type TeamRole } from "../../domain/roles.ts";
import type { Db } from "../db/connect.ts";
import { type TokenSettings, verifyAccessToken } from "./tokens.ts";
import { hasTwoFactor } from "./two-factor.ts";
import { twoFactorRequired } from "./two-factor-policy.repository.ts";
import { findUserInSession, type User } from "./users.repository.ts";

export const accessTexts = Object.freeze({
  unauthenticated: "Please log in.",
  forbidden: "Only the site's administrators can do that.",
  notYourRole: "Your role on the team does not include that. Ask the studio's owner.",
  twoFactorFirst:
    "The studio requires two-factor sign-in: set it up on Your account (/admin/account) first.",
});

/**
 * What someone may still do while the studio requires two-factor sign-in and they have not set
 * it up: their own account (the setup itself is under /api/auth/mfa, outside this scope) and
 * the owner's clock the admin shell reads.
 */
const beforeTwoFactor: ReadonlySet<string> = new Set(["me", "updateMe", "settings"]);

/** The claims of the request's x-access-token, or null. */
export const accessTokenClaims = (request: FastifyRequest, tokens: TokenSettings) => {
  const header = request.headers["x-access-token"];
  return verifyAccessToken(tokens, typeof header === "string" ? header : undefined);
};

const familyIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The account a request's access token stands for, read from the database: undefined without
 * a valid token, for an account that no longer exists, for a token issued before the account's
 * password was changed or it was promoted (its token version is older), and for a token whose
 * session (`sid`) was ended: logged out, ended from another device, or revoked for a reused
 * refresh token. A token without a session is never issued, so it is refused
 * (docs/decisions/038-self-service-sessions-and-password-resets.md).
 */
export async function currentUser(
  db: Db,
  request: FastifyRequest,
  tokens: TokenSettings,
): Promise<User | undefined> {
  const claims = await accessTokenClaims(request, tokens);
  if (!claims?.session || !familyIdPattern.test(claims.session)) return undefined;
  const user = await findUserInSession(db, claims.userId, claims.session);
  if (!user || Number(user.token_version) !== claims.version) return undefined;
  request.sessionId = claims.session;
  return user;
}

/**
 * The hook of the admin scope: 401 without a valid, current access token (or for a user that
 * no longer exists), 403 for an account outside the team or a role the route's entry in
 * domain/roles.ts does not name (a route missing there is refused to everyone), and for someone
 * without two-factor sign-in while the studio requires it (all but their own account). The role and
 * the token version are read from the database on every request, so a role change, a removal
 * or a password change takes effect at once, on every instance.
 */
export function requireTeam(db: Db, tokens: TokenSettings) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await currentUser(db, request, tokens);
    if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
    if (!isTeamRole(user.role)) return reply.code(403).send({ message: accessTexts.forbidden });
    const name = endpointNameOf(request.method, request.routeOptions.url);
    const allowed: readonly TeamRole[] = (name && endpointRoles[name as TeamEndpoint]) || [];
    if (!allowed.includes(user.role))
      return reply.code(403).send({ message: accessTexts.notYourRole });
    if (
      !beforeTwoFactor.has(name ?? "") &&
      (await twoFactorRequired(db)) &&
      !(await hasTwoFactor(db, user))
    )
      return reply.code(403).send({ message: accessTexts.twoFactorFirst });
    request.admin = { id: user.id, email: user.email, role: user.role };
  };
}

/**
 * The admin behind a request in the admin scope, for history and the audit trail; "unknown"
 * only if a route outside that scope asks.
 */
export const actorOf = (request: { admin?: { id: string; email: string } | undefined }) =>
  request.admin ?? { id: null, email: "unknown" };

declare module "fastify" {
  interface FastifyRequest {
    /** The team member making the request, set by requireTeam. */
    admin?: { id: string; email: string; role: TeamRole };
    /** The session (refresh-token family) of the request's access token, set by currentUser. */
    sessionId?: string;
  }
}
