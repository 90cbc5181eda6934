import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { bulkTexts } from "../../domain/lead-bulk.ts";
import { moveTexts } from "../../domain/lead-moves.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { isWithinHorizon } from "../../domain/lead-update.ts";
import { pageSize, pagingTexts } from "../../domain/paging.ts";
import { spamTexts } from "../../domain/spam.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { bulkUpdateLeads } from "../leads/lead-bulk.repository.ts";
import { decodeCursor, encodeCursor, nextLink } from "../leads/lead-query.ts";
import { eraseLead, eraseLeads } from "./lead-erasure.repository.ts";
import {
  countSpam,
  listSpam,
  markAsSpam,
  markManyAsSpam,
  restoreFromSpam,
  restoreManyFromSpam,
} from "./spam.repository.ts";

/**
 * The admin's triage API: bulk updates, erasure, and spam review. Registered in the admin
 * scope (server/admin/admin-routes.ts), which checks the admin and sets no-store.
 */
export async function triageRoutes(app: FastifyInstance) {
  const { db, clock, diskErasure, calendarSync } = app;
  const { timeZone } = app.config;
  const api = typed(app);

  api.route({
    ...endpoints.bulkUpdate,
    handler: async (request, reply) => {
      const { IDs, CommStatus, LeadStatus, NextFollowUp, Value, AssignedTo } = request.body;
      if (NextFollowUp && !isWithinHorizon(NextFollowUp, todayIn(timeZone, clock())))
        return reply.code(400).send({ message: leadTexts.badFollowUp });
      const targets = IDs.map((target) =>
        typeof target === "string"
          ? { id: target.toLowerCase() }
          : { id: target.ID.toLowerCase(), basedOn: target.UpdatedAt ?? undefined },
      );
      const result = await bulkUpdateLeads(
        db,
        targets,
        {
          ...(CommStatus !== undefined ? { CommStatus } : {}),
          ...(LeadStatus !== undefined ? { LeadStatus } : {}),
          ...(NextFollowUp !== undefined ? { NextFollowUp } : {}),
          ...(Value !== undefined ? { Value } : {}),
          ...(AssignedTo !== undefined ? { AssignedTo } : {}),
        },
        actorOf(request),
        clock(),
      );
      if (result.kind === "unknown")
        return reply
          .code(404)
          .send({ message: bulkTexts.unknown(result.ids.length), unknown: result.ids });
      if (result.kind === "bad-assignee")
        return reply.code(400).send({ message: leadTexts.badAssignee });
      const { updated, conflicts } = result;
      // What was set, on which leads (their IDs only: docs/team.md, "Audit log").
      request.audit = {
        set: { CommStatus, LeadStatus, NextFollowUp, Value, AssignedTo },
        leads: updated.map((lead) => lead.ID),
        conflicts: conflicts.length,
      };
      return reply.send({
        message: conflicts.length
          ? bulkTexts.conflicts(updated.length, conflicts.length)
          : bulkTexts.saved(updated.length),
        updated,
        conflicts,
      });
    },
  });

  api.route({
    ...endpoints.eraseLead,
    handler: async (request, reply) => {
      const erased = await eraseLead(db, request.params.id, actorOf(request), clock());
      if (!erased) return reply.code(404).send({ message: leadTexts.notFound });
      calendarSync?.poke();
      const offDisk = await diskErasure.finish();
      request.log.info({ action: "lead.erased", diskPending: !offDisk }, "lead erased");
      return reply.send({
        message: offDisk ? leadTexts.erased : leadTexts.erasedDiskPending,
        diskPending: !offDisk,
      });
    },
  });

  api.route({
    ...endpoints.spamLeads,
    handler: async (request, reply) => {
      const { limit = pageSize.default, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (after === null) return reply.code(400).send({ message: pagingTexts.badCursor });
      const [page, total] = await Promise.all([
        listSpam(db, { limit, after }),
        after ? undefined : countSpam(db),
      ]);
      if (page.next) reply.header("Link", nextLink(request.url, limit, encodeCursor(page.next)));
      if (total !== undefined) reply.header("X-Total-Count", String(total));
      return reply.send(page.leads);
    },
  });

  api.route({
    ...endpoints.notSpam,
    handler: async (request, reply) => {
      const lead = await restoreFromSpam(db, request.params.id, {
        now: clock(),
        notify: app.outbox !== null,
        actor: actorOf(request),
      });
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      app.outbox?.poke();
      const message =
        lead.CommStatus === "UNREAD" ? spamTexts.notSpam : moveTexts.backTo("Follow Up With");
      return reply.send({ message, lead });
    },
  });

  api.route({
    ...endpoints.markSpam,
    handler: async (request, reply) => {
      const lead = await markAsSpam(db, request.params.id, clock(), actorOf(request));
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      calendarSync?.poke();
      return reply.send({ message: spamTexts.marked, lead });
    },
  });

  api.route({
    ...endpoints.bulkSpam,
    handler: async (request, reply) => {
      const ids = request.body.IDs.map((id) => id.toLowerCase());
      const { moved, missing } = await markManyAsSpam(db, ids, actorOf(request), clock());
      calendarSync?.poke();
      return reply.send({ message: moveTexts.toSpam(moved.length), moved, missing });
    },
  });

  api.route({
    ...endpoints.bulkNotSpam,
    handler: async (request, reply) => {
      const ids = request.body.IDs.map((id) => id.toLowerCase());
      const { restored, missing } = await restoreManyFromSpam(db, ids, {
        now: clock(),
        notify: app.outbox !== null,
        actor: actorOf(request),
      });
      app.outbox?.poke();
      return reply.send({ message: moveTexts.backFromSpam(restored.length), restored, missing });
    },
  });

  api.route({
    ...endpoints.bulkErase,
    handler: async (request, reply) => {
      const ids = request.body.IDs.map((id) => id.toLowerCase());
      const { erased, missing } = await eraseLeads(db, ids, actorOf(request), clock());
      calendarSync?.poke();
      const offDisk = erased.length === 0 || (await diskErasure.finish());
      request.log.info(
        { action: "lead.erased", count: erased.length, diskPending: !offDisk },
        "leads erased",
      );
      // The IDs alone: the erased people's data is gone, and stays out of the log too.
      request.audit = { leads: erased };
      return reply.send({
        message: moveTexts.erased(erased.length, !offDisk),
        erased,
        missing,
        diskPending: !offDisk,
      });
    },
  });
}
