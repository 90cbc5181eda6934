import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./schema.ts";

/** Outgoing webhooks (docs/integrations.md, docs/decisions/039-signed-webhooks.md). */
export type WebhooksTable = {
  id: string;
  url: string;
  /** The event types it wants, a JSON array of strings. */
  events: string;
  format: Generated<string>;
  /** The signing secret, sealed (AES-256-GCM) under a key derived from the signing key. */
  secret: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  paused_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  pause_reason: ColumnType<string | null, string | null | undefined, string | null>;
};

export type WebhookDeliveriesTable = {
  /** The Standard Webhooks message id (`msg_…`): the same on every attempt and replay. */
  id: string;
  webhook_id: string;
  event_type: string;
  /** The body sent (standard format), exactly: `{ type, timestamp, data }`. */
  payload: string;
  status: Generated<string>;
  attempts: Generated<number>;
  /** Every attempt, a JSON array of `{ at, status, error, response }`. */
  attempt_log: Generated<string>;
  next_attempt_at: Timestamp;
  locked_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
};
