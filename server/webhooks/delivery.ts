import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "../../domain/webhooks.ts";
import { webhookTexts } from "../../domain/webhooks.ts";
import type { Db } from "../db/connect.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import { startPassLoop } from "../pass-loop.ts";
import {
  claimDelivery,
  type DueDelivery,
  dueDeliveries,
  recordAttempt,
} from "./delivery.repository.ts";
import { slackMessage } from "./slack-message.ts";
import { checkTarget, type TargetPolicy } from "./targets.ts";
import { postPinned } from "./webhook-http.ts";
import { webhookPausedKind } from "./webhook-paused-email.ts";
import { findWebhookRow, webhookSecret } from "./webhooks.repository.ts";

/**
 * The webhook worker (docs/decisions/039-signed-webhooks.md): each due delivery, claimed with
 * a lease, is signed as Standard Webhooks says and POSTed to its webhook's checked address;
 * a 2xx delivers it, anything else (or no answer in 10 s) tries again later, and after the
 * last retry, or at once on a 410, the webhook is paused and the owner told by e-mail.
 */

/** After the first attempt: about 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h and 12 h. */
export const retrySchedule: readonly number[] = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000,
];

/** ±10 %, so the retries of many deliveries that failed together do not return together. */
const withJitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

export type DeliverySettings = {
  /** The key webhook secrets are sealed under. */
  key: Uint8Array;
  policy: TargetPolicy;
  siteUrl: string;
  timeoutMs?: number;
  retries?: readonly number[];
  leaseMs?: number;
};

const userAgent = "Fineline-Webhooks/1";

type Outcome = { status: number | null; error: string | null; response: string };

/** Pauses a webhook the system gave up on and, if this paused it, e-mails the owner. */
async function pauseAndTell(db: Db, webhookId: string, url: string, reason: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const paused = await trx
      .updateTable("webhooks")
      .set({ paused_at: now.toISOString(), pause_reason: reason, updated_at: now.toISOString() })
      .where("id", "=", webhookId)
      .where("paused_at", "is", null)
      .executeTakeFirst();
    if (Number(paused.numUpdatedRows) === 1)
      await enqueueOutbox(trx, {
        kind: webhookPausedKind,
        leadId: null,
        dedupeKey: null,
        payload: { webhookId, url, reason },
        now,
      });
  });
}

async function attempt(
  row: DueDelivery,
  hook: { url: string; format: string; secret: string },
  settings: DeliverySettings,
  stop: AbortSignal | undefined,
): Promise<Outcome> {
  const secret = webhookSecret(settings.key, hook);
  if (!secret)
    return { status: null, error: "the secret cannot be read (signing key changed)", response: "" };
  const target = await checkTarget(hook.url, settings.policy);
  if ("error" in target) return { status: null, error: target.error, response: "" };
  const body =
    hook.format === "slack"
      ? JSON.stringify(
          slackMessage(
            JSON.parse(row.payload) as { type: WebhookEvent; data: Record<string, unknown> },
            settings.siteUrl,
          ),
        )
      : row.payload;
  // The time of this attempt (the wall clock: receivers compare it with theirs).
  const sentAt = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": userAgent,
    "webhook-id": row.id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(row.id, sentAt, body),
  };
  try {
    const answer = await postPinned(target, body, headers, settings.timeoutMs ?? 10_000, stop);
    return { status: answer.status, error: null, response: answer.response };
  } catch (error) {
    return { status: null, error: String((error as Error).message ?? error), response: "" };
  }
}

/** One pass: every due delivery, each claimed, sent and recorded. */
export async function processDeliveries(
  db: Db,
  settings: DeliverySettings,
  now: Date,
  /** Aborted when the server stops: the pass ends, and an attempt cut short is not recorded. */
  stop?: AbortSignal,
): Promise<{ delivered: number; failed: number }> {
  const retries = settings.retries ?? retrySchedule;
  let delivered = 0;
  let failed = 0;
  const started = Date.now();
  for (let batch = 0; batch < 50 && !stop?.aborted; batch++) {
    const rows = await dueDeliveries(db, now);
    if (!rows.length) break;
    for (const row of rows) {
      if (stop?.aborted) break;
      // Each lease starts when it is taken, so a slow receiver early in a pass does not eat
      // into the leases of the rows after it.
      const claimedAt = new Date(now.getTime() + (Date.now() - started));
      const lease = await claimDelivery(db, row.id, claimedAt, settings.leaseMs ?? 60_000);
      if (!lease) continue;
      const hook = await findWebhookRow(db, row.webhook_id);
      if (!hook || hook.paused_at) {
        // A paused webhook sends nothing: what was queued for it is let go, not sent later.
        await recordAttempt(db, row, lease, { attempt: null, status: "skipped", next: null });
        continue;
      }
      const outcome = await attempt(row, hook, settings, stop);
      // Stopped mid-attempt: its lease runs out and it is sent again, with the same id.
      if (stop?.aborted) break;
      // When this attempt ended, on the pass's clock (it moved on by the time taken so far).
      const at = new Date(now.getTime() + (Date.now() - started));
      const record = { at: at.toISOString(), ...outcome };
      const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      if (ok) {
        await recordAttempt(db, row, lease, { attempt: record, status: "delivered", next: null });
        delivered++;
        continue;
      }
      failed++;
      const made = row.attempts + 1;
      const gone = outcome.status === 410;
      const last = made > retries.length;
      const wait = retries[made - 1] ?? 0;
      const written = await recordAttempt(db, row, lease, {
        attempt: record,
        status: gone || last ? "failed" : "pending",
        next: gone || last ? null : new Date(at.getTime() + withJitter(wait)),
      });
      if (written && (gone || last))
        await pauseAndTell(
          db,
          row.webhook_id,
          hook.url,
          gone ? webhookTexts.gone : webhookTexts.gaveUp(made),
          now,
        );
    }
  }
  return { delivered, failed };
}

/** Runs delivery passes when poked (after a change commits) and every `intervalMs`. */
export function startWebhookWorker(options: {
  db: Db;
  settings: DeliverySettings;
  intervalMs?: number | undefined;
  now: () => Date;
  /** Told when a webhook was paused and its owner's e-mail queued. */
  onPass?: () => void;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  const stopping = new AbortController();
  const loop = startPassLoop({
    name: "webhook pass",
    intervalMs: options.intervalMs ?? 5_000,
    log: options.log,
    pass: async () => {
      const result = await processDeliveries(
        options.db,
        options.settings,
        options.now(),
        stopping.signal,
      );
      if (result.delivered || result.failed) {
        options.log.info(result, "webhook pass");
        options.onPass?.();
      }
    },
  });
  return {
    ...loop,
    /** Cuts the attempt in flight short (it is sent again later), then ends the loop. */
    stop: async () => {
      stopping.abort();
      await loop.stop();
    },
  };
}
