import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { StoredLead } from "../../domain/lead-record.ts";
import {
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookFormat,
  webhookEvents,
} from "../../domain/webhooks.ts";
import { open, seal } from "../auth/mfa.repository.ts";
import type { Db } from "../db/connect.ts";
import { type Database, toIso } from "../db/schema.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema-webhooks.ts";
import { uuidv7 } from "../db/uuid.ts";

/**
 * All SQL for the webhooks and their deliveries (docs/decisions/039-signed-webhooks.md). A
 * delivery is queued in the transaction of the change it tells of, one per active webhook that
 * wants the event, so a change that rolls back sends nothing; the worker (delivery.ts) sends
 * it after the commit.
 */

type Trx = Db | Transaction<Database>;
type WebhookRow = { [K in keyof WebhooksTable]: unknown } & {
  id: string;
  url: string;
  events: string;
  format: string;
  secret: string;
  created_at: Date | string;
  paused_at: Date | string | null;
  pause_reason: string | null;
};

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes, base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

const eventsOf = (json: string): WebhookEvent[] => {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? webhookEvents.filter((event) => parsed.includes(event)) : [];
  } catch {
    return [];
  }
};

export function webhookOf(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row.events),
    format: row.format === "slack" ? "slack" : "standard",
    status: row.paused_at ? "paused" : "active",
    pausedAt: row.paused_at ? toIso(row.paused_at) : null,
    pauseReason: row.pause_reason,
    createdAt: toIso(row.created_at),
  };
}

const columns = [
  "id",
  "url",
  "events",
  "format",
  "secret",
  "created_at",
  "updated_at",
  "paused_at",
  "pause_reason",
] as const;

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db.selectFrom("webhooks").select(columns).orderBy("id", "desc").execute();
  return rows.map(webhookOf);
}

export async function findWebhookRow(db: Trx, id: string) {
  return db.selectFrom("webhooks").select(columns).where("id", "=", id).executeTakeFirst();
}

/** A new webhook, its secret sealed under `key`; resolves to it and the secret, this once. */
export async function createWebhook(
  db: Db,
  input: { url: string; events: readonly WebhookEvent[]; format: WebhookFormat },
  key: Uint8Array,
  now: Date,
): Promise<{ webhook: Webhook; secret: string }> {
  const secret = newWebhookSecret();
  const at = now.toISOString();
  const row = {
    id: uuidv7(now.getTime()),
    url: input.url,
    events: JSON.stringify([...new Set(input.events)]),
    format: input.format,
    secret: seal(key, secret),
    created_at: at,
    updated_at: at,
    paused_at: null,
    pause_reason: null,
  };
  await db.insertInto("webhooks").values(row).execute();
  return { webhook: webhookOf(row), secret };
}

/** Changes what is given; `paused` pauses (by an owner) or resumes. Undefined: no such webhook. */
export async function updateWebhook(
  db: Db,
  id: string,
  changes: {
    url?: string | undefined;
    events?: readonly WebhookEvent[] | undefined;
    format?: WebhookFormat | undefined;
    paused?: boolean | undefined;
  },
  pauseReason: string,
  now: Date,
): Promise<Webhook | undefined> {
  const current = await findWebhookRow(db, id);
  if (!current) return undefined;
  const pause =
    changes.paused === undefined
      ? {}
      : changes.paused
        ? current.paused_at
          ? {}
          : { paused_at: now.toISOString(), pause_reason: pauseReason }
        : { paused_at: null, pause_reason: null };
  await db
    .updateTable("webhooks")
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.events !== undefined
        ? { events: JSON.stringify([...new Set(changes.events)]) }
        : {}),
      ...(changes.format !== undefined ? { format: changes.format } : {}),
      ...pause,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  const row = await findWebhookRow(db, id);
  return row && webhookOf(row);
}

export async function deleteWebhook(db: Db, id: string): Promise<boolean> {
  // Deliveries first: SQLite enforces the foreign key's cascade only with foreign_keys on.
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("webhook_deliveries").where("webhook_id", "=", id).execute();
    const deleted = await trx.deleteFrom("webhooks").where("id", "=", id).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1;
  });
}

/** Pauses a webhook the system gave up on (a 410, every retry failed), unless paused already. */
export async function pauseWebhook(db: Db, id: string, reason: string, now: Date) {
  const paused = await db
    .updateTable("webhooks")
    .set({ paused_at: now.toISOString(), pause_reason: reason, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("paused_at", "is", null)
    .executeTakeFirst();
  return Number(paused.numUpdatedRows) === 1;
}

/** The secret to sign with, or null when it cannot be read (another signing key). */
export const webhookSecret = (key: Uint8Array, row: { secret: string }) => open(key, row.secret);

/** A Standard Webhooks message id: `msg_` and a time-ordered UUID's 32 hex digits. */
export const newMessageId = (now: Date) => `msg_${uuidv7(now.getTime()).replaceAll("-", "")}`;

/**
 * Tells the webhooks that want `type` of a change, in the change's own transaction: one
 * delivery for each active webhook, its body fixed now (`{ type, timestamp, data }`) so every
 * attempt and replay sends the same. One call at each place a change is made.
 */
export async function enqueueWebhookEvent(
  trx: Trx,
  type: WebhookEvent,
  data: object,
  now: Date,
): Promise<number> {
  return enqueueWebhookEvents(trx, [{ type, data }], now);
}

/** Several events of one transaction (a bulk update): the webhooks are read once. */
export async function enqueueWebhookEvents(
  trx: Trx,
  events: ReadonlyArray<{ type: WebhookEvent; data: object }>,
  now: Date,
): Promise<number> {
  if (!events.length) return 0;
  const hooks = await trx
    .selectFrom("webhooks")
    .select(["id", "events"])
    .where("paused_at", "is", null)
    .execute();
  if (!hooks.length) return 0;
  const at = now.toISOString();
  const rows = events.flatMap(({ type, data }) => {
    const payload = JSON.stringify({ type, timestamp: at, data });
    return hooks
      .filter((hook) => eventsOf(hook.events).includes(type))
      .map((hook) => ({
        id: newMessageId(now),
        webhook_id: hook.id,
        event_type: type,
        payload,
        next_attempt_at: at,
        created_at: at,
      }));
  });
  for (let start = 0; start < rows.length; start += 500)
    await trx
      .insertInto("webhook_deliveries")
      .values(rows.slice(start, start + 500))
      .execute();
  return rows.length;
}

/**
 * What a lead's change tells: `lead.updated`, and `lead.won` or `lead.lost` when its
 * LeadStatus became CONVERTED or ABANDONED. Nothing when nothing changed.
 */
export function leadChangeEvents(
  before: StoredLead,
  after: StoredLead,
): Array<{ type: WebhookEvent; data: StoredLead }> {
  if (before.UpdatedAt === after.UpdatedAt) return [];
  const events: Array<{ type: WebhookEvent; data: StoredLead }> = [
    { type: "lead.updated", data: after },
  ];
  if (before.LeadStatus !== after.LeadStatus && after.LeadStatus === "CONVERTED")
    events.push({ type: "lead.won", data: after });
  if (before.LeadStatus !== after.LeadStatus && after.LeadStatus === "ABANDONED")
    events.push({ type: "lead.lost", data: after });
  return events;
}

type DeliveryRow = Pick<
  { [K in keyof WebhookDeliveriesTable]: unknown },
  "id" | "event_type" | "status" | "attempt_log" | "next_attempt_at" | "created_at"
>;

export type AttemptRecord = WebhookDelivery["attempts"][number];

export function deliveryOf(row: DeliveryRow): WebhookDelivery {
  const event = webhookEvents.find((name) => name === row.event_type) ?? "lead.updated";
  const status = String(row.status) as WebhookDelivery["status"];
  let attempts: AttemptRecord[] = [];
  try {
    attempts = JSON.parse(String(row.attempt_log)) as AttemptRecord[];
  } catch {
    attempts = [];
  }
  return {
    id: String(row.id),
    event,
    status,
    createdAt: toIso(row.created_at as string),
    nextAttemptAt: status === "pending" ? toIso(row.next_attempt_at as string) : null,
    attempts,
  };
}

const deliveryColumns = [
  "id",
  "event_type",
  "status",
  "attempt_log",
  "next_attempt_at",
  "created_at",
] as const;

/** A webhook's latest deliveries, newest first. */
export async function listDeliveries(db: Db, webhookId: string, limit = 100) {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select(deliveryColumns)
    .where("webhook_id", "=", webhookId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(deliveryOf);
}

/**
 * Queues a delivery again, now, with its id and body as they were (its attempts so far kept in
 * its log, its retries counted afresh). Undefined: no such delivery of that webhook.
 */
export async function replayDelivery(db: Db, webhookId: string, id: string, now: Date) {
  const replayed = await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), locked_until: null })
    .where("id", "=", id)
    .where("webhook_id", "=", webhookId)
    .executeTakeFirst();
  if (Number(replayed.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom("webhook_deliveries")
    .select(deliveryColumns)
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return deliveryOf(row);
}

/** Deliveries are kept 30 days (docs/integrations.md); the hourly purge calls this. */
export const deliveryRetentionMs = 30 * 24 * 60 * 60 * 1000;

export async function purgeOldDeliveries(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deliveryRetentionMs).toISOString();
  const deleted = await db
    .deleteFrom("webhook_deliveries")
    .where("created_at", "<", cutoff)
    .where("status", "!=", "pending")
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
