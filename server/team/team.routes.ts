import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { teamTexts } from "../../domain/team.ts";
import { typed } from "../api/contracts.ts";
import { accessTexts, actorOf } from "../auth/guards.ts";
import { hasTwoFactor } from "../auth/two-factor.ts";
import { setTwoFactorRequired, twoFactorRequired } from "../auth/two-factor-policy.repository.ts";
import { findUserById } from "../auth/users.repository.ts";
import { assignmentMode, setAssignmentMode } from "./assignment.repository.ts";
import { invitationKey, invitationToken } from "./invitation-token.ts";
import {
  createInvitation,
  type InvitationRow,
  invitationOf,
  listOpenInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations.repository.ts";
import {
  changeRole,
  findMember,
  listTeam,
  nameOf,
  removeMember,
  resetTwoFactor,
  updateMe,
} from "./team.repository.ts";

/**
 * The team's people and invitations (docs/team.md), in the admin scope (admin-routes.ts),
 * whose guard has already checked the caller's role against domain/roles.ts.
 */
export async function teamRoutes(app: FastifyInstance) {
  const { db, clock, outbox } = app;
  const key = invitationKey(app.tokens.key);
  const api = typed(app);
  /**
   * What the owner is told of a sending: the e-mail went (through the outbox), or, on a server
   * that sends no e-mail, the link itself, made from the key as the e-mail would have it, for
   * the owner to pass on. The owner may see it; it is never stored.
   */
  const sent = (row: InvitationRow, message: string) =>
    outbox
      ? { message }
      : {
          message: teamTexts.linkToSend(row.email),
          link: `${app.config.siteUrl}/invite/${invitationToken(key, row.id, row.nonce)}`,
        };

  api.route({
    ...endpoints.team,
    handler: async (_request, reply) => {
      const now = clock();
      const [members, invitations, assignment, twoFactor] = await Promise.all([
        listTeam(db),
        listOpenInvitations(db, now),
        assignmentMode(db),
        twoFactorRequired(db),
      ]);
      return reply.send({ members, invitations, assignment, twoFactorRequired: twoFactor });
    },
  });

  api.route({
    ...endpoints.invite,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const now = clock();
      const result = await createInvitation(db, {
        email: request.body.email,
        role: request.body.role,
        invitedBy: actor.id ?? "",
        key,
        now,
      });
      if (result.kind === "on-team")
        return reply.code(409).send({ message: teamTexts.alreadyOnTeam });
      outbox?.poke();
      request.audit = {
        invited: result.row.email,
        role: result.row.role,
        invitation: result.row.id,
      };
      request.log.info({ invitation: result.row.id, role: result.row.role }, "team: invited");
      return reply.code(201).send({
        invitation: invitationOf(result.row, await nameOf(db, actor.id), now),
        ...sent(result.row, teamTexts.invited(result.row.email)),
      });
    },
  });

  api.route({
    ...endpoints.resendInvitation,
    handler: async (request, reply) => {
      const now = clock();
      const row = await resendInvitation(db, request.params.id, key, now);
      if (!row) return reply.code(404).send({ message: teamTexts.unknownInvitation });
      outbox?.poke();
      return reply.send({
        invitation: invitationOf(row, await nameOf(db, row.invited_by), now),
        message: teamTexts.resent(row.email),
      });
    },
  });

  api.route({
    ...endpoints.revokeInvitation,
    handler: async (request, reply) => {
      const row = await revokeInvitation(db, request.params.id, clock());
      if (!row) return reply.code(404).send({ message: teamTexts.unknownInvitation });
      return reply.send({ message: teamTexts.revoked(row.email) });
    },
  });

  const myAccount = async (id: string) => {
    const user = await findUserById(db, id);
    const member = user ? await findMember(db, id) : undefined;
    return user && member
      ? { member, twoFactor: Boolean(member.twoFactor), totp: Boolean(user.totp_secret) }
      : null;
  };

  api.route({
    ...endpoints.me,
    handler: async (request, reply) => {
      const mine = await myAccount(actorOf(request).id ?? "");
      if (!mine) return reply.code(401).send({ message: accessTexts.unauthenticated });
      return reply.send(mine);
    },
  });

  api.route({
    ...endpoints.updateMe,
    handler: async (request, reply) => {
      const id = actorOf(request).id ?? "";
      const before = await findMember(db, id);
      await updateMe(db, id, request.body, clock());
      const mine = await myAccount(id);
      if (!mine || !before) return reply.code(401).send({ message: accessTexts.unauthenticated });
      request.audit = {
        ...(before.available !== mine.member.available
          ? { available: { before: before.available, after: mine.member.available } }
          : {}),
        ...(before.firstName !== mine.member.firstName || before.lastName !== mine.member.lastName
          ? { nameChanged: true }
          : {}),
      };
      return reply.send(mine);
    },
  });

  api.route({
    ...endpoints.changeRole,
    handler: async (request, reply) => {
      const result = await changeRole(
        db,
        request.params.id,
        request.body.role,
        actorOf(request),
        clock(),
      );
      if (result.kind === "unknown")
        return reply.code(404).send({ message: teamTexts.unknownMember });
      if (result.kind === "last-owner")
        return reply.code(409).send({ message: teamTexts.lastOwner });
      request.audit = {
        person: result.member.email,
        role: { before: result.before, after: result.member.role },
        ...(result.returned ? { leadsReturned: result.returned } : {}),
      };
      return reply.send({ member: result.member });
    },
  });

  api.route({
    ...endpoints.leadOwners,
    handler: async (_request, reply) => {
      const [members, mode] = await Promise.all([listTeam(db), assignmentMode(db)]);
      const people = members
        .filter((member) => member.role !== "editor")
        .map(({ id, email, firstName, lastName, available }) => ({
          id,
          email,
          firstName,
          lastName,
          available,
        }));
      return reply.send({ people, mode });
    },
  });

  api.route({
    ...endpoints.setAssignment,
    handler: async (request, reply) => {
      const { mode } = request.body;
      const before = await setAssignmentMode(db, mode);
      request.audit = { mode: { before, after: mode } };
      return reply.send({ mode, message: teamTexts.modeSet(mode) });
    },
  });

  api.route({
    ...endpoints.setTwoFactorPolicy,
    handler: async (request, reply) => {
      const { required } = request.body;
      const me = await findUserById(db, actorOf(request).id ?? "");
      if (required && !(me && (await hasTwoFactor(db, me))))
        return reply.code(409).send({ message: teamTexts.twoFactorYourselfFirst });
      const before = await setTwoFactorRequired(db, required);
      request.audit = { twoFactorRequired: { before, after: required } };
      const without = (await listTeam(db)).filter((member) => !member.twoFactor).length;
      return reply.send({
        required,
        message: required ? teamTexts.twoFactorRequired(without) : teamTexts.twoFactorOptional,
      });
    },
  });

  api.route({
    ...endpoints.resetTwoFactor,
    handler: async (request, reply) => {
      // Yours is turned off on Your account, with a code: an owner's session alone must not do it.
      if (request.params.id === request.admin?.id)
        return reply.code(409).send({ message: teamTexts.resetOwnTwoFactor });
      const result = await resetTwoFactor(db, request.params.id, clock());
      if (result.kind === "unknown")
        return reply.code(404).send({ message: teamTexts.unknownMember });
      if (result.kind === "none")
        return reply.code(409).send({ message: teamTexts.noTwoFactorToReset });
      const { email, firstName, lastName } = result.member;
      request.audit = { person: email };
      request.log.info({ member: request.params.id }, "team: two-factor reset");
      return reply.send({
        message: teamTexts.twoFactorReset(`${firstName} ${lastName}`.trim() || email),
        member: result.member,
      });
    },
  });

  api.route({
    ...endpoints.removeMember,
    handler: async (request, reply) => {
      const result = await removeMember(db, request.params.id, actorOf(request), clock());
      if (result.kind === "unknown")
        return reply.code(404).send({ message: teamTexts.unknownMember });
      if (result.kind === "last-owner")
        return reply.code(409).send({ message: teamTexts.lastOwner });
      const { firstName, lastName } = result.member;
      request.audit = {
        person: result.member.email,
        role: { before: result.before, after: null },
        leadsReturned: result.returned,
      };
      request.log.info({ member: request.params.id }, "team: removed");
      const name = `${firstName} ${lastName}`;
      return reply.send({
        message: result.returned
          ? teamTexts.removedWithLeads(name, result.returned)
          : teamTexts.removed(name),
      });
    },
  });
}
