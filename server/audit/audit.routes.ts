import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import { listAudit } from "./audit-log.repository.ts";

/** The audit log's one endpoint (owners only: domain/roles.ts), in the admin scope. */
export async function auditRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.route({
    ...endpoints.audit,
    handler: async (request, reply) => reply.send(await listAudit(app.db, request.query)),
  });
}
