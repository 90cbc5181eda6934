import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { mergeTexts } from "../../domain/lead-merge.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { mergedInto } from "../leads/lead-redirects.ts";
import { findDuplicates, mergeLeads } from "./lead-merge.repository.ts";

/**
 * Duplicate leads and merging them (docs/decisions/041-merging-leads.md). Registered in the
 * admin scope (server/admin/admin-routes.ts), which checks the role and sets no-store.
 */
export async function leadMergeRoutes(app: FastifyInstance) {
  const { db, clock } = app;
  const api = typed(app);

  api.route({
    ...endpoints.leadDuplicates,
    handler: async (request, reply) => {
      const { id } = request.params;
      const duplicates = await findDuplicates(db, id);
      if (!duplicates)
        return reply
          .code(404)
          .send({ message: leadTexts.notFound, mergedInto: await mergedInto(db, id) });
      return reply.send(duplicates);
    },
  });

  api.route({
    ...endpoints.mergeLead,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { from, UpdatedAt, keep } = request.body;
      if (from === id) return reply.code(400).send({ message: mergeTexts.sameLead });
      const result = await mergeLeads(
        db,
        {
          keptId: id,
          otherId: from,
          basedOn: UpdatedAt ?? undefined,
          keep: keep ?? {},
          day: todayIn(app.config.timeZone, clock()),
        },
        actorOf(request),
        clock(),
      );
      if (result.kind === "not-found") return reply.code(404).send({ message: leadTexts.notFound });
      if (result.kind === "other-gone")
        return reply.code(404).send({ message: mergeTexts.otherGone });
      if (result.kind === "stale")
        return reply.code(409).send({ message: leadTexts.changedSince, lead: result.lead });
      if (result.kind === "notes-too-long")
        return reply.code(409).send({ message: mergeTexts.notesTooLong, lead: result.lead });
      // IDs only (docs/team.md, "Audit log").
      request.audit = { kept: id, merged: from };
      return reply.send({ message: mergeTexts.merged, lead: result.lead });
    },
  });
}
