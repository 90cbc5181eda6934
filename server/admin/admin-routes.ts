import type { FastifyInstance } from "fastify";
import { auditRoutes } from "../audit/audit.routes.ts";
import { auditChanges } from "../audit/audit-hook.ts";
import { requireTeam } from "../auth/guards.ts";
import { availabilityRoutes, meetingsRoutes } from "../booking/booking.routes.ts";
import { contentRoutes } from "../content/content.routes.ts";
import { publishingRoutes } from "../content/publishing.routes.ts";
import { eventAdminRoutes } from "../events/events.routes.ts";
import { registrantMessageRoutes } from "../events/registrant-messages.routes.ts";
import { insightsRoutes } from "../insights/insights.routes.ts";
import { leadImportRoutes } from "../leads/lead-import.routes.ts";
import { leadsRoutes } from "../leads/leads.routes.ts";
import { pipelineRoutes } from "../leads/pipeline.routes.ts";
import { conversationRoutes } from "../mail/conversation.routes.ts";
import { mailboxRoutes } from "../mail/mailbox.routes.ts";
import { mediaRoutes } from "../media/media.routes.ts";
import { teamRoutes } from "../team/team.routes.ts";
import { eraseLeads } from "../triage/lead-erasure.repository.ts";
import { leadMergeRoutes } from "../triage/lead-merge.routes.ts";
import { triageRoutes } from "../triage/lead-triage.routes.ts";
import { webhookRoutes } from "../webhooks/webhooks.routes.ts";
import { settingsRoutes } from "./settings.routes.ts";

/**
 * Every admin-only route, in one scope that checks the admin once for all of them, before the
 * body is read or validated (someone without an admin token learns nothing more), and marks
 * every answer `no-store`: lead data is personal, never kept by a browser or a proxy. A routes
 * file registered here needs neither.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook("onRequest", requireTeam(app.db, app.tokens));
  // Every change made here is recorded once it succeeds (docs/team.md, "Audit log").
  auditChanges(app, app.db, app.clock);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  await app.register(leadsRoutes);
  await app.register(leadMergeRoutes);
  await app.register(leadImportRoutes, { erase: eraseLeads });
  await app.register(triageRoutes);
  await app.register(settingsRoutes);
  await app.register(availabilityRoutes);
  await app.register(meetingsRoutes);
  await app.register(conversationRoutes);
  await app.register(mailboxRoutes);
  await app.register(pipelineRoutes);
  await app.register(insightsRoutes);
  await app.register(eventAdminRoutes);
  await app.register(registrantMessageRoutes);
  await app.register(mediaRoutes);
  await app.register(contentRoutes);
  await app.register(publishingRoutes);
  await app.register(teamRoutes);
  await app.register(auditRoutes);
  await app.register(webhookRoutes);
}
