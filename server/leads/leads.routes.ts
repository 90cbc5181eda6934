import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { leadTexts, validateLeadUpdate } from "../../domain/leads.ts";
import { requireAdmin } from "../auth/guards.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Db } from "../db/connect.ts";
import { nextLink, parsePaging } from "./lead-paging.ts";
import { type LeadList, listLeads, updateLead } from "./leads.repository.ts";

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
    const page = await listLeads(db, list, paging.value);
    if (page.next) reply.header("Link", nextLink(request.url, paging.value.limit, page.next));
    return reply.send(page.leads);
  };
  app.get("/api/leads/new", listRoute("new"));
  app.get("/api/leads/old", listRoute("old"));

  app.post<{ Params: { id: string } }>("/api/leads/update/:id", async (request, reply) => {
    const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<
      string,
      unknown
    >;
    const checked = validateLeadUpdate(request.params.id, body);
    if (!checked.ok) return reply.code(400).send({ message: checked.message });
    const result = await updateLead(db, checked.value);
    if (result.kind === "not-found") return reply.code(404).send({ message: leadTexts.notFound });
    if (result.kind === "stale")
      return reply.code(409).send({ message: leadTexts.changedSince, lead: result.lead });
    return reply.send({ message: leadTexts.saved, lead: result.lead });
  });
}
