import type { FastifyInstance } from "fastify";
import { authTexts } from "../../domain/auth.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { isTeamRole } from "../../domain/roles.ts";
import { site } from "../../domain/site.ts";
import { teamTexts } from "../../domain/team.ts";
import { typed } from "../api/contracts.ts";
import { recordAudit } from "../audit/audit-log.repository.ts";
import { clearAttempts, takeAttempt, throttleKey } from "../auth/login-throttle.repository.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { clientOf, signIn } from "../auth/sign-in.ts";
import { createUser, findUserByEmail } from "../auth/users.repository.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { hashInvitationToken } from "./invitation-token.ts";
import {
  findInvitationByToken,
  type InvitationRow,
  invitationClosed,
} from "./invitations.repository.ts";
import { nameOf } from "./team.repository.ts";

const closedTexts = {
  used: teamTexts.invitationUsed,
  revoked: teamTexts.invitationRevoked,
  expired: teamTexts.invitationExpired,
} as const;

/** Raised inside the accepting transaction to undo it: someone signed up with the address. */
class AddressTaken extends Error {}

/**
 * The invitation's own link (docs/team.md, "Invitations"): no login, the token is the key. A
 * new account is made with the invitation's role, or an existing one (its password checked,
 * throttled like a login) is given it; either way the answer is a login's body.
 */
export async function invitationRoutes(app: FastifyInstance) {
  const { db, tokens, clock } = app;
  const api = typed(app);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    // The token is in the address: never sent on to another site.
    reply.header("Referrer-Policy", "no-referrer");
  });

  /** The invitation a token opens, or the answer to send instead. */
  async function openInvitation(
    token: string,
  ): Promise<{ row: InvitationRow } | { status: 404 | 410; message: string }> {
    const row = await findInvitationByToken(db, token);
    if (!row) return { status: 404, message: teamTexts.invitationUnknown };
    const closed = invitationClosed(row, clock());
    if (closed) return { status: 410, message: closedTexts[closed] };
    return { row };
  }

  api.route({
    ...endpoints.invitation,
    config: limitPerWindow(60),
    handler: async (request, reply) => {
      const found = await openInvitation(request.params.token);
      if (!("row" in found)) return reply.code(found.status).send({ message: found.message });
      const { row } = found;
      return reply.send({
        email: row.email,
        role: row.role,
        invitedBy: await nameOf(db, row.invited_by),
        expiresAt: new Date(row.expires_at).toISOString(),
        studio: site.name,
        hasAccount: Boolean(await findUserByEmail(db, row.email)),
      });
    },
  });

  api.route({
    ...endpoints.acceptInvitation,
    config: limitPerWindow(10),
    handler: async (request, reply) => {
      const { token } = request.params;
      const found = await openInvitation(token);
      if (!("row" in found)) return reply.code(found.status).send({ message: found.message });
      const { row } = found;
      const { password, first_name, last_name } = request.body;
      const existing = await findUserByEmail(db, row.email);
      if (existing) {
        // A password guessed here is a login attempt: the same throttle, per account and address.
        const key = throttleKey(tokens.key, row.email, request.ip);
        const allowed = await takeAttempt(db, key);
        const ok = await verifyPassword(password, existing.password_hash);
        if (!ok || !allowed) return reply.code(401).send({ message: teamTexts.wrongPassword });
        await clearAttempts(db, key);
      } else {
        if (!first_name) return reply.code(400).send({ message: authTexts.invalidFirstName });
        if (!last_name) return reply.code(400).send({ message: authTexts.invalidLastName });
      }
      const passwordHash = existing ? "" : await hashPassword(password);
      try {
        const outcome = await accept(row, token, {
          existingId: existing?.id,
          passwordHash,
          firstName: first_name ?? "",
          lastName: last_name ?? "",
        });
        if (outcome.kind === "closed")
          return reply.code(410).send({ message: closedTexts[outcome.why] });
        await recordAudit(
          db,
          {
            actorId: outcome.user.id,
            actorEmail: outcome.user.email,
            action: "acceptInvitation",
            target: `invitation ${row.id}`,
            details: { role: outcome.user.role },
          },
          clock(),
        );
        request.log.info({ invitation: row.id, role: row.role }, "team: invitation accepted");
        return reply.send(await signIn(db, tokens, outcome.user, clientOf(request)));
      } catch (error) {
        if (error instanceof AddressTaken)
          return reply.code(409).send({ message: authTexts.emailTaken });
        throw error;
      }
    },
  });

  /**
   * Marks the invitation used and gives the account its role, in one transaction. The mark is
   * conditional on the invitation still being open under this token, so of two accepts at once
   * (two tabs, a double click) exactly one wins and the other is told it was used.
   */
  async function accept(
    row: InvitationRow,
    token: string,
    account: {
      existingId: string | undefined;
      passwordHash: string;
      firstName: string;
      lastName: string;
    },
  ) {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("team_invitations")
        .set({ accepted_at: now.toISOString() })
        .where("id", "=", row.id)
        .where("token_hash", "=", hashInvitationToken(token))
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) {
        const current = await trx
          .selectFrom("team_invitations")
          .selectAll()
          .where("id", "=", row.id)
          .executeTakeFirstOrThrow();
        return { kind: "closed" as const, why: invitationClosed(current, now) ?? "used" };
      }
      let userId = account.existingId;
      if (userId) {
        // Someone already on the team keeps the role they have.
        const user = await trx
          .selectFrom("users")
          .select("role")
          .where("id", "=", userId)
          .executeTakeFirstOrThrow();
        if (!isTeamRole(user.role))
          await trx
            .updateTable("users")
            .set({ role: row.role, updated_at: now.toISOString() })
            .where("id", "=", userId)
            .execute();
      } else {
        const created = await createUser(
          trx,
          {
            email: row.email,
            firstName: account.firstName,
            lastName: account.lastName,
            passwordHash: account.passwordHash,
            role: row.role,
          },
          now,
        );
        if (!created) throw new AddressTaken();
        userId = created.id;
      }
      await trx
        .updateTable("team_invitations")
        .set({ accepted_by: userId })
        .where("id", "=", row.id)
        .execute();
      const user = await trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      return { kind: "accepted" as const, user };
    });
  }
}
