import type { FastifyInstance, FastifyRequest } from "fastify";
import { accountTexts } from "../../domain/account.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import { recordAudit } from "../audit/audit-log.repository.ts";
import { clearAttempts, takeAttempt, throttleKey } from "../auth/login-throttle.repository.ts";
import { hashPassword } from "../auth/password.ts";
import { clientOf, signIn } from "../auth/sign-in.ts";
import { mfaChallengeFor } from "../auth/two-factor.ts";
import { findUserByEmail } from "../auth/users.repository.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { passwordResetKey } from "./password-reset-token.ts";
import {
  createPasswordReset,
  findPasswordResetByToken,
  type PasswordResetRow,
  passwordResetClosed,
  resetPassword,
} from "./password-resets.repository.ts";

const closedTexts = { used: accountTexts.resetUsed, expired: accountTexts.resetExpired } as const;

/**
 * "Forgot password?" (docs/team.md, "Forgot password"): no login. Asking for a link answers
 * the same whether or not an account uses the address, at the same moment: the answer is sent
 * before anything about the address is looked up, and the link is made (and its e-mail queued)
 * after it. The link, once and for 30 minutes, sets a new password and ends every session;
 * two-factor sign-in still asks for its code.
 */
export async function passwordResetRoutes(app: FastifyInstance) {
  const { db, tokens, clock } = app;
  const key = passwordResetKey(tokens.key);
  const api = typed(app);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    // The token is in the page's address: never sent on to another site.
    reply.header("Referrer-Policy", "no-referrer");
  });

  /**
   * After the answer: a link for the account, if there is one and its address has not asked
   * too often (the login throttle's backoff, per address whatever the client: after four
   * links, each further one waits longer, up to 15 minutes). Nothing of this reaches the
   * client, and a failure is the log's, not the answer's.
   */
  async function sendLink(request: FastifyRequest, email: string) {
    const allowed = await takeAttempt(db, throttleKey(tokens.key, `password-reset:${email}`, "-"));
    const user = await findUserByEmail(db, email);
    if (!user || !allowed) {
      request.log.info(
        { account: Boolean(user), throttled: !allowed },
        "auth: password reset asked for; no link made",
      );
      return;
    }
    if (!app.outbox) {
      // The operator's line: the person asking is told nothing different.
      request.log.warn(
        { user: user.id },
        "auth: password reset asked for, but this server sends no e-mail (SMTP_URL and NOTIFY_EMAIL): no link made",
      );
      return;
    }
    const reset = await createPasswordReset(db, user.id, key, clock());
    app.outbox.poke();
    request.log.info({ user: user.id, reset: reset.id }, "auth: password reset link queued");
  }

  api.route({
    ...endpoints.requestPasswordReset,
    config: limitPerWindow(5),
    handler: async (_request, reply) =>
      reply.code(202).send({ message: accountTexts.resetRequested }),
    onResponse: async (request, reply) => {
      if (reply.statusCode !== 202) return;
      const { email } = request.body;
      app.afterAnswer.run(() =>
        sendLink(request, email).catch((error: unknown) =>
          request.log.error({ err: error }, "auth: a password reset link could not be made"),
        ),
      );
    },
  });

  /** The link a token opens, or the answer to send instead. */
  async function openLink(
    token: string,
  ): Promise<
    { row: PasswordResetRow & { email: string } } | { status: 404 | 410; message: string }
  > {
    const row = await findPasswordResetByToken(db, token);
    if (!row) return { status: 404, message: accountTexts.resetUnknown };
    const closed = passwordResetClosed(row, clock());
    if (closed) return { status: 410, message: closedTexts[closed] };
    return { row };
  }

  api.route({
    ...endpoints.passwordReset,
    config: limitPerWindow(60),
    handler: async (request, reply) => {
      const found = await openLink(request.params.token);
      if (!("row" in found)) return reply.code(found.status).send({ message: found.message });
      return reply.send({
        email: found.row.email,
        expiresAt: new Date(found.row.expires_at).toISOString(),
      });
    },
  });

  api.route({
    ...endpoints.resetPassword,
    config: limitPerWindow(10),
    handler: async (request, reply) => {
      const { token } = request.params;
      const found = await openLink(token);
      if (!("row" in found)) return reply.code(found.status).send({ message: found.message });
      const { row } = found;
      const passwordHash = await hashPassword(request.body.password);
      const outcome = await resetPassword(db, { row, token, passwordHash }, clock());
      if (outcome.kind === "closed")
        return reply.code(410).send({ message: closedTexts[outcome.why] });
      const { user, sessionsEnded } = outcome;
      // Guesses before the reset no longer hold this address back from the new password.
      await clearAttempts(db, throttleKey(tokens.key, user.email, request.ip));
      await recordAudit(
        db,
        {
          actorId: user.id,
          actorEmail: user.email,
          action: "resetPassword",
          target: `password reset ${row.id}`,
          details: { sessionsEnded },
        },
        clock(),
      );
      request.log.info({ user: user.id, sessionsEnded }, "auth: password reset");
      // The link proves the mailbox, not the second factor: the code is still asked for.
      const challenge = await mfaChallengeFor(db, tokens, user, clock());
      if (challenge) return reply.send(challenge);
      return reply.send(await signIn(db, tokens, user, clientOf(request)));
    },
  });
}
