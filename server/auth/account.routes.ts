import type { FastifyInstance } from "fastify";
import { accountTexts } from "../../domain/account.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import { selfAudit } from "../audit/audit-log.repository.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { accessTexts, currentUser } from "./guards.ts";
import { clearAttempts, takeAttempt, throttleKey } from "./login-throttle.repository.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { endOtherSessions, endSession, listSessions } from "./sessions.repository.ts";
import { signAccessToken } from "./tokens.ts";
import { setPassword } from "./users.repository.ts";

/**
 * The signed-in account's own password and sessions (docs/team.md, "Your own account"): any
 * account, on the team or not, for itself alone. Each request names its session in its access
 * token (`sid`), which is how "this session" is kept and marked
 * (docs/decisions/038-self-service-sessions-and-password-resets.md).
 */
export async function accountRoutes(app: FastifyInstance) {
  const { db, tokens, clock } = app;
  const api = typed(app);
  const audit = selfAudit(db, clock);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  /**
   * The current password is checked under the login's throttle, per account and address, so a
   * stolen access token is no faster a way to guess it than the login page.
   */
  api.route({
    ...endpoints.changePassword,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      const session = request.sessionId;
      if (!user || !session) return reply.code(401).send({ message: accessTexts.unauthenticated });
      const { currentPassword, newPassword } = request.body;
      const key = throttleKey(tokens.key, user.email, request.ip);
      const allowed = await takeAttempt(db, key);
      const ok = await verifyPassword(currentPassword, user.password_hash);
      if (!allowed || !ok) {
        await audit(user, "changePasswordFailed", allowed ? null : { throttled: true });
        return reply
          .code(400)
          .send({ message: allowed ? accountTexts.wrongPassword : accountTexts.tooManyTries });
      }
      await clearAttempts(db, key);
      if (newPassword === currentPassword)
        return reply.code(400).send({ message: accountTexts.samePassword });
      const now = clock();
      const { tokenVersion, sessionsEnded } = await setPassword(
        db,
        { id: user.id, passwordHash: await hashPassword(newPassword), keep: session },
        now,
      );
      // Never the password: only that it changed and what that ended.
      await audit(user, "changePassword", { otherSessionsEnded: sessionsEnded });
      request.log.info({ user: user.id, sessionsEnded }, "auth: password changed");
      return reply.send({
        message: accountTexts.passwordChanged,
        accessToken: await signAccessToken(tokens, user.id, { version: tokenVersion, session }),
      });
    },
  });

  api.route({
    ...endpoints.sessions,
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      const sessions = await listSessions(db, user.id, clock());
      return reply.send({
        sessions: sessions
          .map((session) => ({ ...session, current: session.id === request.sessionId }))
          // This device first, then the most recently used.
          .sort((a, b) => Number(b.current) - Number(a.current)),
      });
    },
  });

  api.route({
    ...endpoints.endSession,
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      const ended = await endSession(db, user.id, request.params.id, clock());
      if (!ended) return reply.code(404).send({ message: accountTexts.unknownSession });
      await audit(user, "endSession", {
        session: request.params.id,
        ...(request.params.id === request.sessionId ? { own: true } : {}),
      });
      return reply.send({ message: accountTexts.sessionEnded });
    },
  });

  api.route({
    ...endpoints.endOtherSessions,
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      const keep = request.sessionId;
      if (!user || !keep) return reply.code(401).send({ message: accessTexts.unauthenticated });
      const now = clock();
      const ended = await db
        .transaction()
        .execute((trx) => endOtherSessions(trx, user.id, keep, now));
      await audit(user, "endOtherSessions", { ended });
      return reply.send({ message: accountTexts.otherSessionsEnded(ended), ended });
    },
  });
}
