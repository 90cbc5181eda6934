import type { FastifyInstance, FastifyRequest } from "fastify";
import { endpointNameOf } from "../../domain/endpoints.ts";
import type { Db } from "../db/connect.ts";
import { recordAudit } from "./audit-log.repository.ts";

/** Reads worth recording: what leaves the studio in bulk. */
const auditedReads = new Set(["exportLeads", "exportEventRegistrations"]);

/** What a route's parameters name: "id 0190…", "slug open-evening"; never a token. */
function targetOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const named = Object.entries(params)
    .filter(([name, value]) => name !== "token" && typeof value === "string")
    .map(([name, value]) => `${name} ${String(value).slice(0, 200)}`);
  return named.length ? named.join(", ") : null;
}

/**
 * Records every change made through a scope's routes once it has succeeded (docs/team.md,
 * "Audit log"): who (the team member the guard found), when, the action (the endpoint's name)
 * and its target; a handler adds before and after through `request.audit`. Bodies are never
 * recorded whole: a lead's message or a note is personal, and stays out.
 *
 * Written before the answer leaves (onSend, not onResponse): a change the caller was told
 * succeeded has its entry, even when the process dies the moment after answering.
 */
export function auditChanges(app: FastifyInstance, db: Db, clock: () => Date) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !request.admin) return payload;
    // The endpoint's name is the action.
    const action = endpointNameOf(request.method, request.routeOptions.url);
    const read = request.method === "GET" || request.method === "HEAD";
    if (!action || (read && !auditedReads.has(action))) return payload;
    try {
      await recordAudit(
        db,
        {
          actorId: request.admin.id,
          actorEmail: request.admin.email,
          action,
          target: targetOf(request),
          details: request.audit ?? null,
        },
        clock(),
      );
    } catch (error) {
      // The change stands; its record is missing, and the log says so.
      request.log.error({ err: error, action }, "audit: the change could not be recorded");
    }
    return payload;
  });
}

declare module "fastify" {
  interface FastifyRequest {
    /** Before and after, counts: what the audit entry of this change says beyond its name. */
    audit?: Record<string, unknown>;
  }
}
