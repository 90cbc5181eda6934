import * as z from "zod/mini";
import { hasControlCharacter, isoTimestamp } from "./api.ts";
import { uuidPattern } from "./lead-record.ts";

/**
 * Outgoing webhooks (docs/integrations.md): the events a webhook may ask for, the formats it
 * posts in, the shapes the API answers with and the texts it says.
 */

export const webhookEvents = [
  "lead.created",
  "lead.updated",
  "lead.won",
  "lead.lost",
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
  "registration.created",
  "message.received",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const webhookEventLabels: Record<WebhookEvent, string> = {
  "lead.created": "A new lead",
  "lead.updated": "A lead changed",
  "lead.won": "A lead won (Converted)",
  "lead.lost": "A lead lost (Abandoned)",
  "booking.created": "A call booked",
  "booking.rescheduled": "A call moved",
  "booking.cancelled": "A call cancelled",
  "registration.created": "An event registration",
  "message.received": "A visitor's reply",
};

export const webhookFormats = ["standard", "slack"] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

/** The longest URL a webhook may have. */
export const webhookUrlLimit = 2000;

export const webhookTexts = Object.freeze({
  badUrl: "Give the webhook's address as a full https:// URL.",
  httpsOnly:
    "Webhooks are sent over https:// only (http:// only to an address the operator lists in WEBHOOK_PRIVATE_TARGETS).",
  privateTarget: (host: string) =>
    `${host} is a private, loopback, link-local or metadata address: webhooks are never sent there unless the operator lists it in WEBHOOK_PRIVATE_TARGETS.`,
  unresolvable: (host: string) => `${host} could not be found (DNS): check the address.`,
  credentials: "Leave the user name and password out of the URL.",
  badEvents: `Choose one or more events: ${webhookEvents.join(", ")}.`,
  badFormat: 'Choose the format: "standard" or "slack".',
  badId: "That is not a webhook's ID.",
  unknown: "No webhook has that ID.",
  unknownDelivery: "That webhook has no delivery with that ID.",
  pausedReplay: "The webhook is paused: resume it first, then replay.",
  deleted: "The webhook is deleted; nothing more is sent to it.",
  created: "Webhook added. Copy its secret now: it is shown only once.",
  replayed: "The delivery is queued again, with the same webhook-id.",
  pausedByOwner: "Paused by an owner.",
  gone: "The receiver answered 410 Gone.",
  gaveUp: (attempts: number) => `Every attempt failed (${attempts}); paused.`,
});

const urlField = z.string({ error: webhookTexts.badUrl }).check(
  z.trim(),
  z.minLength(1, { error: webhookTexts.badUrl }),
  z.maxLength(webhookUrlLimit, { error: webhookTexts.badUrl }),
  z.refine((value) => !hasControlCharacter(value), { error: webhookTexts.badUrl }),
);
const eventsField = z
  .array(z.enum(webhookEvents, { error: webhookTexts.badEvents }), {
    error: webhookTexts.badEvents,
  })
  .check(
    z.minLength(1, { error: webhookTexts.badEvents }),
    z.maxLength(webhookEvents.length * 2, { error: webhookTexts.badEvents }),
  );
const formatField = z.enum(webhookFormats, { error: webhookTexts.badFormat });

export const createWebhookBody = z.object(
  { url: urlField, events: eventsField, format: z.optional(formatField) },
  { error: webhookTexts.badUrl },
);

export const updateWebhookBody = z.object(
  {
    url: z.optional(urlField),
    events: z.optional(eventsField),
    format: z.optional(formatField),
    paused: z.optional(z.boolean({ error: "paused is true or false." })),
  },
  { error: "Send the fields to change: url, events, format or paused." },
);

export const webhookParams = z.object({
  id: z
    .string({ error: webhookTexts.badId })
    .check(z.regex(uuidPattern, { error: webhookTexts.badId }), z.toLowerCase()),
});
export const deliveryIdPattern = /^msg_[0-9a-f]{32}$/;
export const deliveryParams = z.object({
  id: webhookParams.shape.id,
  deliveryId: z
    .string({ error: webhookTexts.unknownDelivery })
    .check(z.regex(deliveryIdPattern, { error: webhookTexts.unknownDelivery })),
});

export const webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  format: z.enum(webhookFormats),
  status: z.enum(["active", "paused"]),
  pausedAt: z.nullable(isoTimestamp),
  pauseReason: z.nullable(z.string()),
  createdAt: isoTimestamp,
});
export type Webhook = z.output<typeof webhook>;

export const webhookAttempt = z.object({
  at: isoTimestamp,
  /** The receiver's HTTP status, or null when there was no answer (refused, timed out). */
  status: z.nullable(z.number()),
  error: z.nullable(z.string()),
  /** The first 2 KB of the answer's body. */
  response: z.string(),
});

export const webhookDelivery = z.object({
  id: z.string(),
  event: z.enum(webhookEvents),
  status: z.enum(["pending", "delivered", "failed", "skipped"]),
  createdAt: isoTimestamp,
  nextAttemptAt: z.nullable(isoTimestamp),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.output<typeof webhookDelivery>;
