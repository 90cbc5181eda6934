import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { bulkTexts } from "../../domain/lead-bulk.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { isWithinHorizon } from "../../domain/lead-update.ts";
import { pageSize, pagingTexts } from "../../domain/paging.ts";
import { spamTexts } from "../../domain/spam.ts";
import { typed } from "../api/contracts.ts";
import { requireAdmin } from "../auth/guards.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Db } from "../db/connect.ts";
import type { DiskErasure } from "./disk-erasure.ts";
import { bulkUpdateLeads } from "./lead-bulk.repository.ts";
import { eraseLead } from "./lead-erasure.repository.ts";
import { decodeCursor, encodeCursor, nextLink } from "./lead-query.ts";
import { listSpam, markAsSpam, restoreFromSpam } from "./spam.repository.ts";

export type TriageRoutesOptions = {
  db: Db;
  tokens: TokenSettings;
  timeZone: string;
  /** Queue a notification e-mail for a lead brought back from spam (SMTP configured). */
  notify: boolean;
  onLeadQueued?: () => void;
  /** Takes an erasure off the disk too (SQLite's write-ahead log), now or in the background. */
  diskErasure: DiskErasure;
  now?: () => Date;
};

/** The admin's triage API (issue 12): bulk updates, erasure, and spam review. */
export async function triageRoutes(app: FastifyInstance, opts: TriageRoutesOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const api = typed(app);
  const actorOf = (request: { admin?: { id: string | null; email: string } }) =>
    request.admin ?? { id: null, email: "unknown" };

  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  app.addHook("onRequest", requireAdmin(db, opts.tokens));

  api.route({
    ...endpoints.bulkUpdate,
    handler: async (request, reply) => {
      const { IDs, CommStatus, LeadStatus, NextFollowUp } = request.body;
      if (NextFollowUp && !isWithinHorizon(NextFollowUp, todayIn(opts.timeZone, now())))
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
        now(),
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
      const erased = await eraseLead(db, request.params.id, actorOf(request), now());
      if (!erased) return reply.code(404).send({ message: leadTexts.notFound });
      const offDisk = await opts.diskErasure.finish();
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
        now: now(),
        notify: opts.notify,
      });
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      if (opts.notify) opts.onLeadQueued?.();
      return reply.send({ message: spamTexts.notSpam, lead });
    },
  });

  api.route({
    ...endpoints.markSpam,
    handler: async (request, reply) => {
      const lead = await markAsSpam(db, request.params.id, now());
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      return reply.send({ message: spamTexts.marked, lead });
    },
  });
}
