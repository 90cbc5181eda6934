import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  createWebhookBody,
  deliveryParams,
  updateWebhookBody,
  webhook,
  webhookDelivery,
  webhookEvents,
  webhookParams,
  webhookTexts,
} from "./webhooks.ts";

const ownersOnly = "Owners only.";
const unknown = errorFor(webhookTexts.unknown);
const refused = errorFor(
  "A bad field, or a URL refused: not https://, or a host that is or resolves to a private, loopback, link-local or metadata address (unless listed in WEBHOOK_PRIVATE_TARGETS). `message` says which.",
);

/** Outgoing webhooks (docs/integrations.md), spread into `endpoints`. */
export const webhookEndpoints = {
  webhooks: {
    method: "GET",
    url: "/api/webhooks",
    schema: {
      summary: "The webhooks",
      description: `${ownersOnly} Every webhook, newest first, without its secret.`,
      tags: ["Webhooks"],
      security: tokenSecurity,
      response: { 200: z.object({ webhooks: z.array(webhook) }), ...errorResponses(401, 403) },
    },
  },

  createWebhook: {
    method: "POST",
    url: "/api/webhooks",
    schema: {
      summary: "Add a webhook",
      description: `${ownersOnly} \`events\` from: ${webhookEvents.join(", ")}. \`format\`: "standard" (Standard Webhooks, signed; the default) or "slack" (an incoming-webhook message). The answer carries the signing \`secret\` (\`whsec_…\`), shown this once.`,
      tags: ["Webhooks"],
      security: tokenSecurity,
      body: createWebhookBody,
      response: {
        201: z.object({
          webhook: z.extend(webhook, { secret: z.string() }),
          message: z.string(),
        }),
        ...errorResponses(400, 401, 403),
        400: refused,
      },
    },
  },

  updateWebhook: {
    method: "PUT",
    url: "/api/webhooks/:id",
    schema: {
      summary: "Change, pause or resume a webhook",
      description: `${ownersOnly} Any of \`url\`, \`events\`, \`format\`; \`paused: true\` pauses it (nothing is sent), \`false\` resumes it.`,
      tags: ["Webhooks"],
      security: tokenSecurity,
      params: webhookParams,
      body: updateWebhookBody,
      response: {
        200: z.object({ webhook }),
        ...errorResponses(400, 401, 403, 404),
        400: refused,
        404: unknown,
      },
    },
  },

  deleteWebhook: {
    method: "DELETE",
    url: "/api/webhooks/:id",
    schema: {
      summary: "Delete a webhook",
      description: `${ownersOnly} With its deliveries; nothing more is sent to it.`,
      tags: ["Webhooks"],
      security: tokenSecurity,
      params: webhookParams,
      response: {
        200: z.object({ message: z.string() }),
        ...errorResponses(400, 401, 403, 404),
        404: unknown,
      },
    },
  },

  webhookDeliveries: {
    method: "GET",
    url: "/api/webhooks/:id/deliveries",
    schema: {
      summary: "A webhook's deliveries",
      description: `${ownersOnly} The latest 100, newest first, each with its attempts (time, HTTP status, the first 2 KB of the answer). Kept 30 days.`,
      tags: ["Webhooks"],
      security: tokenSecurity,
      params: webhookParams,
      response: {
        200: z.object({ deliveries: z.array(webhookDelivery) }),
        ...errorResponses(400, 401, 403, 404),
        404: unknown,
      },
    },
  },

  replayWebhookDelivery: {
    method: "POST",
    url: "/api/webhooks/:id/deliveries/:deliveryId/replay",
    schema: {
      summary: "Send a delivery again",
      description: `${ownersOnly} Queued again now, with the same \`webhook-id\` (receivers de-duplicate on it) and body, newly signed.`,
      tags: ["Webhooks"],
      security: tokenSecurity,
      params: deliveryParams,
      body: emptyBody,
      response: {
        202: z.object({ delivery: webhookDelivery, message: z.string() }),
        ...errorResponses(400, 401, 403, 404, 409),
        404: errorFor(webhookTexts.unknownDelivery),
        409: errorFor(webhookTexts.pausedReplay),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
