import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isUuid, type LeadRecord, leadTexts, validateLeadUpdate } from "../../domain/leads.ts";
import { requireAdmin } from "../auth/guards.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Db } from "../db/connect.ts";
import { bodyOf } from "../request-body.ts";
import { csvRow } from "./csv.ts";
import { filtersOf, nextLink, parsePaging } from "./lead-query.ts";
import {
  eachLead,
  findLead,
  type LeadList,
  leadHistory,
  leadStats,
  listLeads,
  updateLead,
} from "./leads.repository.ts";

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
] as const satisfies ReadonlyArray<keyof LeadRecord>;

export type LeadsRoutesOptions = { db: Db; tokens: TokenSettings };

/** The admin's lead API (spec section 7): both lists and the update. Admins only. */
export async function leadsRoutes(app: FastifyInstance, opts: LeadsRoutesOptions) {
  const { db } = opts;

  // Lead data is personal: never kept by a browser or a proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  app.addHook("preHandler", requireAdmin(db, opts.tokens));

  const listRoute = (list: LeadList) => async (request: FastifyRequest, reply: FastifyReply) => {
    const paging = parsePaging(request.query as Record<string, unknown>);
    if (!paging.ok) return reply.code(400).send({ message: paging.message });
    const query = request.query as Record<string, unknown>;
    const page = await listLeads(db, list, { ...paging.value, filters: filtersOf(query) });
    if (page.next) reply.header("Link", nextLink(request.url, paging.value.limit, page.next));
    return reply.send(page.leads);
  };
  app.get("/api/leads/new", listRoute("new"));
  app.get("/api/leads/old", listRoute("old"));

  // The current search and filters as a spreadsheet-safe CSV, streamed a page at a time.
  app.get("/api/leads/export.csv", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const list: LeadList = query.list === "new" || query.list === "old" ? query.list : "all";
    const filters = filtersOf(query);
    async function* rows() {
      // A byte-order mark so spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${csvRow(exportColumns)}`;
      for await (const lead of eachLead(db, list, filters)) {
        yield csvRow(exportColumns.map((column) => lead[column]));
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="leads-${day}.csv"`)
      .send(Readable.from(rows()));
  });

  app.get("/api/leads/stats", async (_request, reply) => reply.send(await leadStats(db)));

  app.post<{ Params: { id: string } }>("/api/leads/update/:id", async (request, reply) => {
    const body = bodyOf(request);
    const checked = validateLeadUpdate(request.params.id, body);
    if (!checked.ok) return reply.code(400).send({ message: checked.message });
    const admin = request.admin ?? { id: null, email: "unknown" };
    const result = await updateLead(db, checked.value, admin);
    if (result.kind === "not-found") return reply.code(404).send({ message: leadTexts.notFound });
    if (result.kind === "stale")
      return reply.code(409).send({ message: leadTexts.changedSince, lead: result.lead });
    return reply.send({ message: leadTexts.saved, lead: result.lead });
  });

  app.get<{ Params: { id: string } }>("/api/leads/:id/history", async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(400).send({ message: leadTexts.badId });
    const id = request.params.id.toLowerCase();
    if (!(await findLead(db, id))) return reply.code(404).send({ message: leadTexts.notFound });
    return reply.send(await leadHistory(db, id));
  });
}
