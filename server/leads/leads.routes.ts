import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { filtersFor, type LeadFilterQuery, leadFiltersOf } from "../../domain/lead-filters.ts";
import { type LeadRecord, leadTexts } from "../../domain/lead-record.ts";
import { isWithinHorizon } from "../../domain/lead-update.ts";
import { pageSize, pagingTexts } from "../../domain/paging.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { csvRow } from "./csv.ts";
import { leadChangeDetails } from "./lead-audit.ts";
import { liveChanges } from "./lead-changes.repository.ts";
import { eachLead } from "./lead-export.repository.ts";
import { dueCounts, dueLeads } from "./lead-follow-ups.repository.ts";
import { countList, findLead, listLeads } from "./lead-lists.repository.ts";
import {
  decodeCursor,
  decodeDueCursor,
  encodeCursor,
  encodeDueCursor,
  nextLink,
} from "./lead-query.ts";
import { mergedInto } from "./lead-redirects.ts";
import { countPendingDiskErasures, leadStats } from "./lead-stats.repository.ts";
import { leadHistory, updateLead } from "./lead-updates.repository.ts";

const exportColumns = [
  "ID",
  "FirstName",
  "LastName",
  "Email",
  "Message",
  "ContactedUs",
  "CommStatus",
  "LeadStatus",
  "Notes",
  "SourcePage",
  "CreatedAt",
  "UpdatedAt",
  "NextFollowUp",
  "Source",
  "Referrer",
  "UtmSource",
  "UtmMedium",
  "UtmCampaign",
  "Value",
  "ClosedAt",
  "AssignedTo",
] as const satisfies ReadonlyArray<keyof LeadRecord>;

/**
 * The admin's lead API: both lists, Due, the update, history, export and stats. Registered in
 * the admin scope (server/admin/admin-routes.ts), which checks the admin and sets no-store.
 */
export async function leadsRoutes(app: FastifyInstance) {
  const { db, clock } = app;
  const { timeZone } = app.config;
  const today = () => todayIn(timeZone, clock());
  const api = typed(app);

  /** One page of a list, with the next page's address in a Link header while more remain. */
  const listPage = async (
    list: "new" | "old",
    query: { limit?: number; cursor?: string } & LeadFilterQuery,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const { limit = pageSize.default, cursor } = query;
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (after === null) return reply.code(400).send({ message: pagingTexts.badCursor });
    const filters = filtersFor(leadFiltersOf(query), actorOf(request).id);
    const [page, total] = await Promise.all([
      listLeads(db, list, { limit, after, filters, today: today() }),
      // The heading's count, once per list: later pages only add to what is shown.
      after ? undefined : countList(db, list, { filters, today: today() }),
    ]);
    if (page.next) reply.header("Link", nextLink(request.url, limit, encodeCursor(page.next)));
    if (total !== undefined) reply.header("X-Total-Count", String(total));
    return reply.send(page.leads);
  };
  api.route({
    ...endpoints.newLeads,
    handler: (request, reply) => listPage("new", request.query, request, reply),
  });
  api.route({
    ...endpoints.oldLeads,
    handler: (request, reply) => listPage("old", request.query, request, reply),
  });

  api.route({
    ...endpoints.dueLeads,
    handler: async (request, reply) => {
      const { limit = pageSize.default, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeDueCursor(cursor);
      if (after === null) return reply.code(400).send({ message: pagingTexts.badCursor });
      const [page, counts] = await Promise.all([
        dueLeads(db, { today: today(), limit, after }),
        after ? undefined : dueCounts(db, today()),
      ]);
      if (page.next) reply.header("Link", nextLink(request.url, limit, encodeDueCursor(page.next)));
      if (counts) reply.header("X-Total-Count", String(counts.overdue + counts.dueToday));
      return reply.send(page.leads);
    },
  });

  api.route({
    ...endpoints.leadChanges,
    handler: async (request, reply) =>
      reply.send(
        await liveChanges(db, {
          since: request.query.since,
          filters: filtersFor(leadFiltersOf(request.query), actorOf(request).id),
          today: today(),
          now: clock(),
        }),
      ),
  });

  api.route({
    ...endpoints.lead,
    handler: async (request, reply) => {
      const lead = await findLead(db, request.params.id);
      // A merged-away lead is gone (404), but says where its page now is (ADR 041).
      if (!lead)
        return reply.code(404).send({
          message: leadTexts.notFound,
          mergedInto: await mergedInto(db, request.params.id),
        });
      return reply.send(lead);
    },
  });

  // The current search and filters as a spreadsheet-safe CSV, streamed a page at a time.
  api.route({
    ...endpoints.exportLeads,
    handler: async (request, reply) => {
      const { list = "all" } = request.query;
      const filters = filtersFor(leadFiltersOf(request.query), actorOf(request).id);
      // Which list and filters went out, never the rows (docs/team.md, "Audit log").
      request.audit = {
        list,
        ...Object.fromEntries(
          Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""),
        ),
      };
      async function* rows() {
        // A byte-order mark so spreadsheet programs read the file as UTF-8.
        yield `\uFEFF${csvRow(exportColumns)}`;
        for await (const record of eachLead(db, list, filters, { today: today(), timeZone })) {
          yield csvRow(exportColumns.map((column) => record[column]));
        }
      }
      const day = today();
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="leads-${day}.csv"`)
          // A stream is sent as is; the schema's text/csv only documents it.
          .send(Readable.from(rows()) as unknown as string)
      );
    },
  });

  api.route({
    ...endpoints.stats,
    handler: async (_request, reply) =>
      reply.send({
        ...(await leadStats(db, { now: clock(), timeZone })),
        erasuresPendingOnDisk: await countPendingDiskErasures(db),
      }),
  });

  api.route({
    ...endpoints.updateLead,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { ID, UpdatedAt, CommStatus, LeadStatus, Notes, NextFollowUp, Value, AssignedTo } =
        request.body;
      if (ID !== undefined && ID.toLowerCase() !== id)
        return reply.code(400).send({ message: leadTexts.idMismatch });
      // Two years from the owner's today, on the owner's clock (the schema checks the rest).
      if (NextFollowUp && !isWithinHorizon(NextFollowUp, today()))
        return reply.code(400).send({ message: leadTexts.badFollowUp });
      const admin = actorOf(request);
      const result = await updateLead(
        db,
        {
          id,
          changes: {
            ...(CommStatus !== undefined ? { CommStatus } : {}),
            ...(LeadStatus !== undefined ? { LeadStatus } : {}),
            ...(Notes !== undefined && Notes !== null ? { Notes } : {}),
            ...(NextFollowUp !== undefined ? { NextFollowUp } : {}),
            ...(Value !== undefined ? { Value } : {}),
            ...(AssignedTo !== undefined ? { AssignedTo } : {}),
          },
          basedOn: UpdatedAt ?? undefined,
        },
        admin,
        clock(),
      );
      if (result.kind === "not-found") return reply.code(404).send({ message: leadTexts.notFound });
      if (result.kind === "bad-assignee")
        return reply.code(400).send({ message: leadTexts.badAssignee });
      if (result.kind === "stale")
        return reply.code(409).send({ message: leadTexts.changedSince, lead: result.lead });
      request.audit = leadChangeDetails(result.before, result.lead);
      return reply.send({ message: leadTexts.saved, lead: result.lead });
    },
  });

  api.route({
    ...endpoints.leadHistory,
    handler: async (request, reply) => {
      const { id } = request.params;
      if (!(await findLead(db, id))) return reply.code(404).send({ message: leadTexts.notFound });
      return reply.send(await leadHistory(db, id));
    },
  });
}
