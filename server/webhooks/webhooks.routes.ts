import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { webhookTexts } from "../../domain/webhooks.ts";
import { typed } from "../api/contracts.ts";
import { checkTarget, type TargetPolicy } from "./targets.ts";
import {
  createWebhook,
  deleteWebhook,
  findWebhookRow,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  updateWebhook,
} from "./webhooks.repository.ts";

/** The key webhook secrets are sealed under, derived from the server's signing key. */
export const webhookKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("webhook-secret-encryption").digest();

/**
 * The owner's webhooks (docs/integrations.md), in the admin scope (admin-routes.ts), whose
 * guard has already checked the role. A URL is checked on save as it is before each attempt.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { db, clock } = app;
  const key = webhookKey(app.tokens.key);
  const policy: TargetPolicy = { allowed: app.config.webhookPrivateTargets };
  const api = typed(app);
  const refusal = async (url: string | undefined) => {
    if (url === undefined) return null;
    const checked = await checkTarget(url, policy);
    return "error" in checked ? checked.error : null;
  };

  api.route({
    ...endpoints.webhooks,
    handler: async (_request, reply) => reply.send({ webhooks: await listWebhooks(db) }),
  });

  api.route({
    ...endpoints.createWebhook,
    handler: async (request, reply) => {
      const { url, events, format = "standard" } = request.body;
      const refused = await refusal(url);
      if (refused) return reply.code(400).send({ message: refused });
      const { webhook, secret } = await createWebhook(db, { url, events, format }, key, clock());
      request.audit = { webhook: webhook.id, host: new URL(url).host, events, format };
      return reply
        .code(201)
        .send({ webhook: { ...webhook, secret }, message: webhookTexts.created });
    },
  });

  api.route({
    ...endpoints.updateWebhook,
    handler: async (request, reply) => {
      const refused = await refusal(request.body.url);
      if (refused) return reply.code(400).send({ message: refused });
      const webhook = await updateWebhook(
        db,
        request.params.id,
        request.body,
        webhookTexts.pausedByOwner,
        clock(),
      );
      if (!webhook) return reply.code(404).send({ message: webhookTexts.unknown });
      request.audit = { webhook: webhook.id, ...request.body };
      return reply.send({ webhook });
    },
  });

  api.route({
    ...endpoints.deleteWebhook,
    handler: async (request, reply) => {
      if (!(await deleteWebhook(db, request.params.id)))
        return reply.code(404).send({ message: webhookTexts.unknown });
      request.audit = { webhook: request.params.id };
      return reply.send({ message: webhookTexts.deleted });
    },
  });

  api.route({
    ...endpoints.webhookDeliveries,
    handler: async (request, reply) => {
      if (!(await findWebhookRow(db, request.params.id)))
        return reply.code(404).send({ message: webhookTexts.unknown });
      return reply.send({ deliveries: await listDeliveries(db, request.params.id) });
    },
  });

  api.route({
    ...endpoints.replayWebhookDelivery,
    handler: async (request, reply) => {
      const hook = await findWebhookRow(db, request.params.id);
      if (!hook) return reply.code(404).send({ message: webhookTexts.unknownDelivery });
      if (hook.paused_at) return reply.code(409).send({ message: webhookTexts.pausedReplay });
      const delivery = await replayDelivery(
        db,
        request.params.id,
        request.params.deliveryId,
        clock(),
      );
      if (!delivery) return reply.code(404).send({ message: webhookTexts.unknownDelivery });
      app.webhookWorker?.poke();
      request.audit = { webhook: request.params.id, delivery: delivery.id };
      return reply.code(202).send({ delivery, message: webhookTexts.replayed });
    },
  });
}
