import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { bulkTexts } from "../../domain/lead-bulk.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { isWithinHorizon } from "../../domain/lead-update.ts";
import { pageSize, pagingTexts } from "../../domain/paging.ts";
import { spamTexts } from "../../domain/spam.ts";
import { typed } from "../api/contracts.ts";
import { bulkUpdateLeads } from "./lead-bulk.repository.ts";
import { eraseLead } from "./lead-erasure.repository.ts";
import { decodeCursor, encodeCursor, nextLink } from "./lead-query.ts";
import { listSpam, markAsSpam, restoreFromSpam } from "./spam.repository.ts";

/**
 * The admin's triage API: bulk updates, erasure, and spam review. Registered in the admin
 * scope (server/admin/admin-routes.ts), which checks the admin and sets no-store.
 */
export async function triageRoutes(app: FastifyInstance) {
  const { db, clock, diskErasure } = app;
  const { timeZone } = app.config;
  const api = typed(app);
  const actorOf = (request: { admin?: { id: string | null; email: string } }) =>
    request.admin ?? { id: null, email: "unknown" };

  api.route({
    ...endpoints.bulkUpdate,
    handler: async (request, reply) => {
      const { IDs, CommStatus, LeadStatus, NextFollowUp } = request.body;
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
        },
        actorOf(request),
        clock(),
      );
      if (result.kind === "unknown")
        return reply
          .code(404)
          .send({ message: bulkTexts.unknown(result.ids.length), unknown: result.ids });
      const { updated, conflicts } = result;
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
      const page = await listSpam(db, { limit, after });
      if (page.next) reply.header("Link", nextLink(request.url, limit, encodeCursor(page.next)));
      return reply.send(page.leads);
    },
  });

  api.route({
    ...endpoints.notSpam,
    handler: async (request, reply) => {
      const lead = await restoreFromSpam(db, request.params.id, {
        now: clock(),
        notify: app.outbox !== null,
      });
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      app.outbox?.poke();
      return reply.send({ message: spamTexts.notSpam, lead });
    },
  });

  api.route({
    ...endpoints.markSpam,
    handler: async (request, reply) => {
      const lead = await markAsSpam(db, request.params.id, clock());
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      return reply.send({ message: spamTexts.marked, lead });
    },
  });
}
