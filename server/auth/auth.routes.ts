import type { FastifyInstance, FastifyRequest } from "fastify";
import { authTexts } from "../../domain/auth.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { limits } from "../../domain/limits.ts";
import { isTeamRole } from "../../domain/roles.ts";
import { typed } from "../api/contracts.ts";
import { type AuditRecord, recordAudit } from "../audit/audit-log.repository.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { accessTexts, currentUser } from "./guards.ts";
import { clearAttempts, takeAttempt, throttleKey } from "./login-throttle.repository.ts";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";
import { revokeByToken, rotateRefreshToken } from "./sessions.repository.ts";
import { clientOf, signIn } from "./sign-in.ts";
import { signAccessToken } from "./tokens.ts";
import { hasTwoFactor, mfaChallengeFor } from "./two-factor.ts";
import { twoFactorRequired } from "./two-factor-policy.repository.ts";
import { createUser, findUserByEmail, type User } from "./users.repository.ts";

/** Sign-up, login, verify, refresh, logout and the admin check: the account calls. */
export async function authRoutes(app: FastifyInstance) {
  const { db, tokens } = app;
  const api = typed(app);

  // Tokens and sessions must never be cached by a browser or proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  const session = (user: User, request: FastifyRequest) =>
    signIn(db, tokens, user, clientOf(request));
  const audit = (entry: AuditRecord) => recordAudit(db, entry, app.clock());

  api.route({
    ...endpoints.signup,
    config: limitPerWindow(5),
    handler: async (request, reply) => {
      const { email, password, first_name, last_name } = request.body;
      // Role is never taken from the request: sign-up makes users, create-admin makes admins.
      const user = await createUser(db, {
        email,
        firstName: first_name,
        lastName: last_name,
        passwordHash: await hashPassword(password),
        role: "user",
      });
      if (!user) return reply.code(409).send({ message: authTexts.emailTaken });
      return reply.code(201).send(await session(user, request));
    },
  });

  /**
   * Every failure looks the same from outside: an unknown account, a wrong password and a
   * throttled attempt each cost one counted attempt and one password check, and all get the
   * same 401 and body. Throttling is per account and address (login-throttle.repository.ts);
   * the attempt is counted before the password is checked, so guesses sent together are
   * decided one at a time.
   */
  api.route({
    ...endpoints.login,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const email = (request.body.username ?? "").slice(0, limits.email);
      const secret = (request.body.password ?? "").slice(0, limits.password * 4);
      const key = throttleKey(tokens.key, email, request.ip);
      const allowed = await takeAttempt(db, key);
      const user = email ? await findUserByEmail(db, email) : undefined;
      const ok = await verifyPassword(secret, user?.password_hash ?? (await decoyHash()));
      if (!user || !ok || !allowed) {
        // Who tried, as typed (an attacker's guess is worth seeing), never the password.
        await audit({
          actorId: user?.id ?? null,
          actorEmail: email.trim().toLowerCase() || "(empty)",
          action: "loginFailed",
          details: allowed ? null : { throttled: true },
        });
        return reply.code(401).send({ message: authTexts.incorrect });
      }
      await clearAttempts(db, key);
      // Two-factor sign-in: no session yet, only the right to try a code (mfa.routes.ts).
      const challenge = await mfaChallengeFor(db, tokens, user, app.clock());
      if (challenge) return reply.send(challenge);
      await audit({ actorId: user.id, actorEmail: user.email, action: "login" });
      return reply.send(await session(user, request));
    },
  });

  api.route({
    ...endpoints.verifyLogin,
    handler: async (request, reply) => {
      // A token issued before a password change or a promotion is no longer a login.
      const user = await currentUser(db, request, tokens);
      if (!user || user.id !== request.body.userID)
        return reply.code(401).send({ message: authTexts.sessionExpired });
      return reply.send({ message: authTexts.sessionValid });
    },
  });

  api.route({
    ...endpoints.refresh,
    config: limitPerWindow(60),
    handler: async (request, reply) => {
      const { userID, refresh } = request.body;
      if (!userID || !refresh || refresh.length > 200)
        return reply.code(401).send({ message: authTexts.sessionExpired });
      const result = await rotateRefreshToken(db, {
        userId: userID,
        token: refresh,
        client: clientOf(request),
      });
      if (result.kind !== "rotated" && result.kind !== "concurrent")
        return reply.code(401).send({ message: authTexts.sessionExpired });
      const accessToken = await signAccessToken(tokens, result.userId, {
        version: result.tokenVersion,
        session: result.familyId,
      });
      if (result.kind === "rotated")
        return reply.send({ accessToken, refreshToken: result.refreshToken });
      // A twin request from another tab: a fresh access token; the stored refresh token is already the new one.
      return reply.send({ accessToken });
    },
  });

  api.route({
    ...endpoints.logout,
    handler: async (request, reply) => {
      const token = request.body.refresh ?? request.body.refreshToken ?? "";
      if (token && token.length <= 200) await revokeByToken(db, token);
      // Idempotent: logging out twice, or with an unknown token, is still "logged out".
      return reply.send({ message: authTexts.loggedOut });
    },
  });

  api.route({
    ...endpoints.admin,
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      // From the database, never from the token: a role change takes effect at once.
      if (!isTeamRole(user.role)) return reply.send({ admin: false });
      const setUpTwoFactor = !(await hasTwoFactor(db, user)) && (await twoFactorRequired(db));
      return reply.send({
        admin: true,
        role: user.role,
        ...(setUpTwoFactor ? { mustSetUpTwoFactor: true } : {}),
      });
    },
  });
}
