import type { FastifyInstance, FastifyRequest } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { mfaTexts } from "../../domain/mfa.ts";
import { isTeamRole } from "../../domain/roles.ts";
import { site } from "../../domain/site.ts";
import { typed } from "../api/contracts.ts";
import { selfAudit } from "../audit/audit-log.repository.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { accessTexts, currentUser } from "./guards.ts";
import { clearAttempts, takeAttempt, throttleKey } from "./login-throttle.repository.ts";
import {
  confirmTotp,
  hasTotp,
  mfaKey,
  spendSecondFactor,
  startTotp,
  turnOffTotp,
} from "./mfa.repository.ts";
import { verifyMfaToken } from "./mfa-token.ts";
import { hasPasskey } from "./passkeys.repository.ts";
import { clientOf, signIn } from "./sign-in.ts";
import { hasTwoFactor } from "./two-factor.ts";
import { twoFactorRequired } from "./two-factor-policy.repository.ts";
import { findUserById, type User } from "./users.repository.ts";

/**
 * Two-factor sign-in (docs/team.md, "Two-factor sign-in"): setting it up and turning it off
 * for the signed-in account, and a login's second step. Every wrong code counts against the
 * login throttle (per account and address), as a wrong password does.
 */
export async function mfaRoutes(app: FastifyInstance) {
  const { db, tokens, clock } = app;
  const key = mfaKey(tokens.key);
  const api = typed(app);
  const audit = selfAudit(db, clock);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  /** A code checked under the throttle: false when wrong or when too many were wrong. */
  async function secondFactor(request: FastifyRequest, user: User, code: string) {
    const throttle = throttleKey(tokens.key, `mfa:${user.id}`, request.ip);
    const allowed = await takeAttempt(db, throttle);
    const ok = allowed && (await spendSecondFactor(db, key, user, code, clock()));
    if (ok) await clearAttempts(db, throttle);
    else await audit(user, "mfaFailed", allowed ? null : { throttled: true });
    return ok;
  }

  api.route({
    ...endpoints.startTotp,
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      if (hasTotp(user)) return reply.code(409).send({ message: mfaTexts.alreadyOn });
      return reply.send(await startTotp(db, key, user, site.name));
    },
  });

  api.route({
    ...endpoints.confirmTotp,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      if (hasTotp(user)) return reply.code(409).send({ message: mfaTexts.alreadyOn });
      const throttle = throttleKey(tokens.key, `mfa:${user.id}`, request.ip);
      if (!(await takeAttempt(db, throttle)))
        return reply.code(400).send({ message: mfaTexts.badCode });
      const result = await confirmTotp(db, key, user, request.body.code, clock());
      if (result === "not-started") return reply.code(409).send({ message: mfaTexts.notStarted });
      if (result === "wrong") return reply.code(400).send({ message: mfaTexts.badCode });
      await clearAttempts(db, throttle);
      await audit(user, "confirmTotp");
      request.log.info({ user: user.id }, "auth: two-factor sign-in turned on");
      return reply.send(result);
    },
  });

  api.route({
    ...endpoints.disableTotp,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const user = await currentUser(db, request, tokens);
      if (!user) return reply.code(401).send({ message: accessTexts.unauthenticated });
      if (!hasTotp(user)) return reply.code(409).send({ message: mfaTexts.notOn });
      // Under the team's rule a passkey left behind keeps the account's second factor.
      if (
        isTeamRole(user.role) &&
        (await twoFactorRequired(db)) &&
        !(await hasPasskey(db, user.id))
      )
        return reply.code(409).send({ message: mfaTexts.required });
      if (!(await secondFactor(request, user, request.body.code)))
        return reply.code(400).send({ message: mfaTexts.badCode });
      await turnOffTotp(db, user.id);
      await audit(user, "disableTotp");
      request.log.info({ user: user.id }, "auth: two-factor sign-in turned off");
      return reply.send({ message: mfaTexts.turnedOff });
    },
  });

  api.route({
    ...endpoints.mfaLogin,
    config: limitPerWindow(20),
    handler: async (request, reply) => {
      const claims = await verifyMfaToken(tokens, request.body.mfaToken, clock());
      const user = claims ? await findUserById(db, claims.userId) : undefined;
      // A password change or a removal since the password step voids it.
      // Codes from the app, or recovery codes, which an account with passkeys only has too.
      if (
        !claims ||
        !user ||
        Number(user.token_version) !== claims.version ||
        !(await hasTwoFactor(db, user))
      )
        return reply.code(401).send({ message: mfaTexts.expired });
      if (!(await secondFactor(request, user, request.body.code)))
        return reply.code(401).send({ message: mfaTexts.badCode });
      await audit(user, "login", { twoFactor: true });
      return reply.send(await signIn(db, tokens, user, clientOf(request)));
    },
  });
}
